import { expect, test } from "vitest";
import { dubaiIsoDate, isDateOnly, startOfDubaiDay } from "./dubai-days.ts";

test("isDateOnly: the start, and the end when there is one, at 00:00 in Asia/Dubai", () => {
  expect(isDateOnly(new Date("2030-01-09T20:00:00Z"), null)).toBe(true);
  expect(isDateOnly(new Date("2030-01-09T20:00:00Z"), new Date("2030-01-11T20:00:00Z"))).toBe(true);
  expect(isDateOnly(new Date("2030-01-09T20:00:00Z"), new Date("2030-01-10T06:00:00Z"))).toBe(false);
  expect(isDateOnly(new Date("2030-01-10T00:00:00Z"), null)).toBe(false);
  expect(isDateOnly(new Date("2030-01-09T20:00:01Z"), null)).toBe(false);
});

test("dubaiIsoDate: the Dubai calendar day, which is the next UTC day from 20:00 UTC", () => {
  expect(dubaiIsoDate(new Date("2030-01-09T19:59:59Z"))).toBe("2030-01-09");
  expect(dubaiIsoDate(new Date("2030-01-09T20:00:00Z"))).toBe("2030-01-10");
});

test("startOfDubaiDay: 00:00 in Dubai of the instant's Dubai day, as a UTC instant", () => {
  expect(startOfDubaiDay(new Date("2026-11-30T21:00:00Z")).toISOString()).toBe("2026-11-30T20:00:00.000Z");
  expect(startOfDubaiDay(new Date("2026-11-30T19:59:59Z")).toISOString()).toBe("2026-11-29T20:00:00.000Z");
  expect(startOfDubaiDay(new Date("2026-11-30T20:00:00Z")).toISOString()).toBe("2026-11-30T20:00:00.000Z");
  expect(startOfDubaiDay(new Date("2026-12-31T23:00:00Z")).toISOString()).toBe("2026-12-31T20:00:00.000Z");
});
