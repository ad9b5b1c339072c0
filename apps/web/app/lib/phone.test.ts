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
