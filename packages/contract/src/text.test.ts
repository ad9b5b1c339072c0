import { expect, test } from "vitest";
import { oneLine } from "./text.ts";

test("oneLine: control characters and line separators become single spaces, other text stays", () => {
  expect(oneLine(" Gulf\r\n\tCup\u2029Final\u0007 ")).toBe("Gulf Cup Final");
  expect(oneLine("Arena\u2028Hall; 2, (X)")).toBe("Arena Hall; 2, (X)");
  expect(oneLine("كأس الخليج")).toBe("كأس الخليج");
});

test("oneLine: a bidirectional override or isolate cannot turn the line around; Arabic marks stay", () => {
  expect(oneLine("Eve\u202Egnp.exe")).toBe("Evegnp.exe");
  expect(oneLine("\u2067Eve\u2069 \u202Bx\u202C")).toBe("Eve x");
  expect(oneLine("محمد\u200F (Dubai)\u200C")).toBe("محمد\u200F (Dubai)\u200C");
});
