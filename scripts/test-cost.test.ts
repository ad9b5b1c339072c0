import { expect, test } from "vitest";
import { costReport } from "./test-cost.ts";

const quick = { file: "a.test.ts", name: "answers", title: "answers", ms: 120 };
const marked = { file: "b.test.ts", name: "slow: soaks", title: "group › slow: soaks", ms: 9_000 };
const tagged = { file: "c.spec.ts", name: "pays", title: "pays", ms: 7_500, tags: ["@slow"] };
const unmarked = { file: "d.spec.ts", name: "types slowly", title: "form › types slowly", ms: 6_200 };

test("lists the slowest first, with seconds, and only as many as asked", () => {
  const lines = costReport("vitest", [quick, marked, tagged], 2);
  expect(lines).toEqual([
    "vitest: the 2 slowest of 3 tests",
    "    9.0 s  b.test.ts › group › slow: soaks",
    "    7.5 s  c.spec.ts › pays",
  ]);
});

test("names a test over 5 s that is neither named slow nor tagged @slow", () => {
  const lines = costReport("playwright", [quick, marked, tagged, unmarked]);
  expect(lines.slice(-2)).toEqual([
    'playwright: over 5 s but not marked slow (name it "slow: …" or tag it @slow):',
    "    6.2 s  d.spec.ts › form › types slowly",
  ]);
});

test("says nothing when nothing ran", () => {
  expect(costReport("vitest", [])).toEqual([]);
});
