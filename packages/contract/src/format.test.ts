import { describe, expect, test } from "vitest";
import {
  currentYear,
  formatBlogDate,
  formatDubaiTime,
  formatEventDateRange,
  formatEventDay,
  formatFlightDate,
  formatInvoiceDate,
  formatReleaseLogDate,
  formatReleaseNoteDate,
} from "./format.ts";

describe("event dates (product §3)", () => {
  test("day and short month in en-GB", () => {
    expect(formatEventDay("2025-01-05T06:00:00Z")).toBe("5 Jan");
  });
  test("a range when endDate exists", () => {
    expect(formatEventDateRange("2025-01-05T06:00:00Z", "2025-01-07T14:00:00Z")).toBe("5 Jan - 7 Jan");
  });
  test("no range that runs backwards: an endDate before startDate is left out", () => {
    expect(formatEventDateRange("2025-01-07T06:00:00Z", "2025-01-05T14:00:00Z")).toBe("7 Jan");
    expect(formatEventDateRange("2025-01-07T06:00:00Z", "2025-01-07T06:00:00Z")).toBe("7 Jan - 7 Jan");
  });
  test("a single day without endDate", () => {
    expect(formatEventDateRange("2025-03-21T06:00:00Z", null)).toBe("21 Mar");
  });
  test("'-' when startDate is missing, even with an endDate", () => {
    expect(formatEventDateRange(null, "2025-01-07T14:00:00Z")).toBe("-");
    expect(formatEventDateRange(undefined, undefined)).toBe("-");
    expect(formatEventDateRange("not a date", null)).toBe("-");
  });
  test("en-GB's own short month for September ('Sept'), as product §3 names the locale", () => {
    expect(formatEventDay("2025-09-05T06:00:00Z")).toBe("5 Sept");
  });
  test("shown in Asia/Dubai: 22:00 UTC is already the next day", () => {
    expect(formatEventDay("2025-01-04T22:00:00Z")).toBe("5 Jan");
  });
});

describe("other formats", () => {
  test("flight date like 'Monday 05 Jan 2025'", () => {
    expect(formatFlightDate("2025-01-05T10:00:00Z")).toBe("Sunday 05 Jan 2025");
    expect(formatFlightDate("2025-01-06T10:00:00Z")).toBe("Monday 06 Jan 2025");
    expect(formatFlightDate(null)).toBe("-");
  });
  test("blog date like 'Jan 05, 2025'", () => {
    expect(formatBlogDate("2025-01-05T10:00:00Z")).toBe("Jan 05, 2025");
    expect(formatBlogDate("2025-09-19T06:00:00Z")).toBe("Sep 19, 2025");
    expect(formatBlogDate("2025-12-31T21:00:00Z")).toBe("Jan 01, 2026");
    expect(formatBlogDate(null)).toBe("");
  });
  test("release note 'MMMM DD,yy'", () => {
    expect(formatReleaseNoteDate("2025-01-05T10:00:00Z")).toBe("January 05,25");
  });
  test("release log 'MMMM D, YYYY'", () => {
    expect(formatReleaseLogDate("2025-01-05T10:00:00Z")).toBe("January 5, 2025");
  });
  test("invoice 'DD MMM YYYY'", () => {
    expect(formatInvoiceDate("2025-12-31T21:00:00Z")).toBe("01 Jan 2026");
  });
  test("'MMM' is three letters in every month, September included", () => {
    const months = Array.from(
      { length: 12 },
      (_, m) => formatInvoiceDate(new Date(Date.UTC(2025, m, 15, 8))).split(" ")[1],
    );
    expect(months).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
    expect(formatFlightDate("2025-09-05T10:00:00Z")).toBe("Friday 05 Sep 2025");
    expect(formatBlogDate("2025-09-05T10:00:00Z")).toBe("Sep 05, 2025");
    expect(formatReleaseNoteDate("2025-09-05T10:00:00Z")).toBe("September 05,25");
  });
  test("current year in Dubai", () => {
    expect(currentYear(new Date("2025-12-31T21:00:00Z"))).toBe(2026);
  });
});

describe("formatDubaiTime (a flight's own page)", () => {
  test("writes the Asia/Dubai clock time, 24-hour, Latin digits", () => {
    expect(formatDubaiTime("2025-01-05T20:00:00Z")).toBe("00:00");
    expect(formatDubaiTime("2025-01-05T06:30:00Z")).toBe("10:30");
    expect(formatDubaiTime(null)).toBe("");
  });
});
