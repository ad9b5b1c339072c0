import { expect, test } from "vitest";
import { fieldWithNul } from "./nul-character.ts";

test("the first field holding U+0000 is named by its path; other control characters and bytes pass", () => {
  expect(fieldWithNul({ fullName: "a\u0000b" }, "body")).toBe("fullName");
  expect(fieldWithNul({ card: { number: "4242", cvc: "\u0000" } }, "body")).toBe("card.cvc");
  expect(fieldWithNul({ lines: ["ok", "x\u0000"] }, "body")).toBe("lines.1");
  expect(fieldWithNul("\u0000", "body")).toBe("body");
  expect(fieldWithNul({ a: "tab\tand\nnewline", b: 1, c: null, d: Buffer.from([0]) }, "body")).toBeUndefined();
  expect(fieldWithNul(undefined, "query")).toBeUndefined();
});
