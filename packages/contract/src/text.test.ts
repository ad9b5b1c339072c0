import { expect, test } from "vitest";
import { oneLine } from "./text.ts";

test("oneLine: control characters and line separators become single spaces, other text stays", () => {
  expect(oneLine(" Gulf\r\n\tCup\u2029Final\u0007 ")).toBe("Gulf Cup Final");
  expect(oneLine("Arena\u2028Hall; 2, (X)")).toBe("Arena Hall; 2, (X)");
  expect(oneLine("كأس الخليج")).toBe("كأس الخليج");
});

test("oneLine: a bidirectional embedding or override cannot turn the line around; Arabic marks stay", () => {
  expect(oneLine("Eve\u202Egnp.exe")).toBe("Evegnp.exe");
  expect(oneLine("\u202Bx\u202C \u202Ay\u202C \u202Dz")).toBe("x y z");
  expect(oneLine("محمد\u200F (Dubai)\u200C")).toBe("محمد\u200F (Dubai)\u200C");
});

test("oneLine: a balanced isolate stays, so an Arabic name keeps its code as written (CDI3*, not *CDI3)", () => {
  // The seed's Arabic show name (packages/db/src/seed/schedules-ar.ts): the isolate keeps the star at the code's right.
  const name = "بطولة أبوظبي \u2066CDI3*\u2069 للترويض";
  expect(oneLine(name)).toBe(name);
  // Nested, and each kind of opener (LRI, RLI, FSI), each closed by its PDI.
  expect(oneLine("\u2067Eve \u2066A1\u2069\u2069 \u2068x\u2069")).toBe("\u2067Eve \u2066A1\u2069\u2069 \u2068x\u2069");
  // Across a line break made a space, the isolate is still one.
  expect(oneLine("\u2066CDI3*\r\nfinal\u2069")).toBe("\u2066CDI3* final\u2069");
  // An override inside a balanced isolate goes; the isolate stays.
  expect(oneLine("\u2066\u202Egnp.exe\u2069")).toBe("\u2066gnp.exe\u2069");
});

test("oneLine: an isolate left open, or a PDI closing nothing, is dropped", () => {
  // Left open, it would turn the rest of the line (the site's own words after a name) around.
  expect(oneLine("Eve\u2067gnp.exe")).toBe("Evegnp.exe");
  expect(oneLine("x\u2069 y")).toBe("x y");
  // The PDI closes the innermost opener; the outer one, never closed, goes.
  expect(oneLine("\u2066a \u2067b\u2069 c")).toBe("a \u2067b\u2069 c");
  // A PDI before its would-be opener closes nothing: both go.
  expect(oneLine("\u2069a\u2066")).toBe("a");
  expect(oneLine(" \u2066 ")).toBe("");
});
