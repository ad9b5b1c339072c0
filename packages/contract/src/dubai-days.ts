import { DISPLAY_TIME_ZONE } from "./format.ts";

/**
 * Calendar days in Asia/Dubai (architecture §3.5), one definition for the web and the API:
 * which day an instant falls on there, whether a show is date-only (product §2: a show whose
 * start and end are at 00:00 in Asia/Dubai is an all-day entry on its Dubai days, the end day
 * included), and where today's Dubai day began (product §7: ended shows and flights list after
 * the upcoming ones).
 */

/** An instant's calendar day in Asia/Dubai, and whether it is at 00:00:00 there. */
export interface DubaiDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** The instant is at 00:00:00 in Asia/Dubai. */
  midnight: boolean;
}

/** Built once: building an `Intl.DateTimeFormat` costs far more than using it. */
const dayAndTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

/** The wall clock of `instant` in Asia/Dubai, field by field (`year`, `month`, `day`, `hour`, `minute`, `second`). */
function wallClock(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of dayAndTime.formatToParts(instant)) parts[part.type] = Number(part.value);
  return parts;
}

/** The Asia/Dubai calendar day of `instant` (a UTC instant), and whether it is at 00:00 there. */
export function dubaiDay(instant: Date): DubaiDay {
  const parts = wallClock(instant);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    midnight: parts.hour === 0 && parts.minute === 0 && parts.second === 0,
  };
}

/** The Asia/Dubai calendar day of `instant` as an ISO-8601 date, `2026-12-20`. */
export function dubaiIsoDate(instant: Date): string {
  const { year, month, day } = dubaiDay(instant);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * True when a show is date-only (product §2, architecture §3.5): its start, and its end when
 * it has one, are at 00:00 in Asia/Dubai (the provider then means days, not times). Pass
 * `null` for an end that is unknown or before the start. A show from 10 Jan 00:00 to 12 Jan
 * 00:00 (Dubai) is on the 10th, 11th and 12th: its end day is included.
 */
export function isDateOnly(start: Date, end: Date | null): boolean {
  return dubaiDay(start).midnight && (end === null || dubaiDay(end).midnight);
}

/**
 * The instant (UTC) at which `now`'s Asia/Dubai calendar day began, its 00:00 there: for
 * 2026-11-30T21:00:00Z (1 Dec, 01:00 in Dubai) 2026-11-30T20:00:00Z. An entry whose last
 * instant is before it ended on an earlier Dubai day.
 */
export function startOfDubaiDay(now: Date): Date {
  const { year, month, day } = dubaiDay(now);
  const utcMidnight = Date.UTC(year, month - 1, day);
  // The zone's offset then (+4 hours): its wall clock at that instant read as UTC, less the instant.
  const w = wallClock(new Date(utcMidnight));
  const wall = Date.UTC(w.year ?? 0, (w.month ?? 1) - 1, w.day ?? 1, w.hour ?? 0, w.minute ?? 0, w.second ?? 0);
  return new Date(utcMidnight - (wall - utcMidnight));
}
