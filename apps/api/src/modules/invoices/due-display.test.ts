import { expect, test } from "vitest";
import { dueDisplayOf } from "./due-display.ts";

const now = new Date("2026-11-23T08:00:00Z"); // 12:00 in Dubai
const unpaid = (dueDate: string) => ({ dueDate: new Date(dueDate), dueDisplay: null, status: "unpaid" });

test("the badge follows the due date in Dubai calendar days", () => {
  expect(dueDisplayOf(unpaid("2026-11-22T19:59:00Z"), now)).toBe("Overdue"); // 23:59 on the 22nd in Dubai
  expect(dueDisplayOf(unpaid("2026-11-22T20:00:00Z"), now)).toBe("Due today"); // 00:00 on the 23rd
  expect(dueDisplayOf(unpaid("2026-11-24T06:00:00Z"), now)).toBe("Due tomorrow");
  expect(dueDisplayOf(unpaid("2026-11-26T06:00:00Z"), now)).toBe("Due in 3 days");
  expect(dueDisplayOf(unpaid("2026-11-27T06:00:00Z"), now)).toBeNull();
});

test("a paid invoice has no badge; a stored text wins", () => {
  expect(dueDisplayOf({ ...unpaid("2026-01-01T00:00:00Z"), status: "paid" }, now)).toBeNull();
  expect(dueDisplayOf({ ...unpaid("2026-12-31T00:00:00Z"), dueDisplay: "Final notice" }, now)).toBe("Final notice");
});

test("in Arabic (decision 016), with Arabic plural forms for the days", () => {
  expect(dueDisplayOf(unpaid("2026-11-22T19:59:00Z"), now, "ar")).toBe("متأخرة السداد");
  expect(dueDisplayOf(unpaid("2026-11-22T20:00:00Z"), now, "ar")).toBe("مستحقة اليوم");
  expect(dueDisplayOf(unpaid("2026-11-24T06:00:00Z"), now, "ar")).toBe("مستحقة غدًا");
  expect(dueDisplayOf(unpaid("2026-11-25T06:00:00Z"), now, "ar")).toBe("مستحقة خلال يومين");
  expect(dueDisplayOf(unpaid("2026-11-26T06:00:00Z"), now, "ar")).toBe("مستحقة خلال 3 أيام");
});
