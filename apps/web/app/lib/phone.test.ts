import { expect, test } from "vitest";
import { submittedPhone } from "./phone.ts";

test("a bare country calling code counts as an empty phone", () => {
  expect(submittedPhone("+971")).toBe("");
  expect(submittedPhone("+971 ")).toBe("");
  expect(submittedPhone("+1")).toBe("");
});

test("anything with national digits is submitted as typed", () => {
  expect(submittedPhone("+971 50 123 4567")).toBe("+971 50 123 4567");
  expect(submittedPhone("+9715")).toBe("+9715");
  expect(submittedPhone("")).toBe("");
});

test("a whole number pasted or typed after the shown calling code is that number", () => {
  // The plain field of a page without JavaScript, or before the phone library came: '+971 ' then a paste.
  expect(submittedPhone("+971 +971 50 123 4567")).toBe("+971 50 123 4567");
  expect(submittedPhone("+971 +44 20 7946 0958")).toBe("+44 20 7946 0958");
  expect(submittedPhone("+971+971501234567")).toBe("+971501234567");
});
