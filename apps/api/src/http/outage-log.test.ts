import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createOutageLog } from "./outage-log.ts";

type Line = { level: "warn" | "info"; obj: Record<string, unknown>; msg: string };

/** A logger that keeps what it is given. */
function fakeLogger() {
  const lines: Line[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ level: "warn", obj: obj as Record<string, unknown>, msg }),
    info: (obj: object, msg: string) => lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("an outage logs its first failure with the error, then a count a minute, then its end; the next begins anew", () => {
  const base = fakeLogger();
  const request = fakeLogger();
  const outage = createOutageLog({ log: base, name: "the database is unreachable" });
  const cut = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

  // 500 failing requests a second for 150 s: five lines in all, not 75 000.
  for (let second = 0; second < 150; second++) {
    for (let n = 0; n < 500; n++) outage.failed(request, cut, "the database is unreachable");
    vi.advanceTimersByTime(1_000);
  }
  expect(request.lines).toEqual([
    { level: "warn", obj: { err: cut, outage: "the database is unreachable" }, msg: "the database is unreachable" },
  ]);
  expect(base.lines.map((l) => [l.level, l.msg, l.obj.failures])).toEqual([
    [
      "warn",
      "the database is unreachable: 29999 more failures in the last minute",
      { "the database is unreachable": 29999 },
    ],
    [
      "warn",
      "the database is unreachable: 30000 more failures in the last minute",
      { "the database is unreachable": 30000 },
    ],
  ]);

  // The failures stop: the last 30 s are counted, then the next minute with none ends it, once.
  vi.advanceTimersByTime(60_000 * 3);
  expect(base.lines.slice(2)).toEqual([
    {
      level: "warn",
      obj: { outage: "the database is unreachable", failures: { "the database is unreachable": 15_000 }, sinceS: 180 },
      msg: "the database is unreachable: 15000 more failures in the last minute",
    },
    {
      level: "info",
      obj: { outage: "the database is unreachable", failures: 75_000, lastedS: 149 },
      msg: "the database is unreachable: no failure for a minute, the outage is over",
    },
  ]);
  expect(vi.getTimerCount()).toBe(0);

  // A failure later is a new outage, logged with its error at once.
  outage.failed(request, cut, "the database is unreachable");
  expect(request.lines).toHaveLength(2);
  outage.close();
  expect(vi.getTimerCount()).toBe(0);
});

test("the summary counts each kind of failure by its message", () => {
  const base = fakeLogger();
  const outage = createOutageLog({ log: base, name: "pages cannot read the API" });
  const error = new Error("Service temporarily unavailable");
  outage.failed(base, error, "show failed to load");
  for (let n = 0; n < 3; n++) outage.failed(base, error, "show failed to load");
  for (let n = 0; n < 2; n++) outage.failed(base, error, "website flights failed to load");
  vi.advanceTimersByTime(60_000);
  expect(base.lines.at(-1)?.obj.failures).toEqual({ "show failed to load": 3, "website flights failed to load": 2 });
  outage.close();
});
