/**
 * Every date and money format the site shows (product §2, §3, §9), in one place.
 * Input dates are ISO-8601 strings or `Date`s (instants, stored as UTC); output is
 * in the Asia/Dubai time zone (architecture §3.5). Month and weekday names are English
 * until the Arabic catalogue exists; the locale is a parameter so that it can switch.
 */

export const DISPLAY_TIME_ZONE = "Asia/Dubai";

type DateInput = string | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

type PartName = "weekday" | "day" | "month" | "year";

/**
 * The parts of `date` in Asia/Dubai. The specified token formats ('MMM', 'MMMM', 'dddd') take
 * the `en-US` names, whose short months are always three letters ('Sep'); `en-GB` is
 * used only where the specification names it (event cards), and there gives 'Sept' for September.
 */
function parts(date: Date, options: Intl.DateTimeFormatOptions, locale = "en-US"): Record<PartName, string> {
  const out: Record<PartName, string> = { weekday: "", day: "", month: "", year: "" };
  for (const part of new Intl.DateTimeFormat(locale, { ...options, timeZone: DISPLAY_TIME_ZONE }).formatToParts(date)) {
    if (part.type in out) out[part.type as PartName] = part.value;
  }
  return out;
}

/** Event card day: day and short month in en-GB, e.g. '5 Jan' (product §3). */
export function formatEventDay(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "-";
  const p = parts(date, { day: "numeric", month: "short" }, "en-GB");
  return `${p.day} ${p.month}`;
}

/**
 * Event card dates (product §3): '5 Jan' alone, '5 Jan - 7 Jan' as a range when `endDate`
 * exists, '-' when `startDate` is missing.
 */
export function formatEventDateRange(startDate: DateInput, endDate: DateInput): string {
  const start = toDate(startDate);
  if (!start) return "-";
  const end = toDate(endDate);
  return end ? `${formatEventDay(start)} - ${formatEventDay(end)}` : formatEventDay(start);
}

/** Flight card date, e.g. 'Monday 05 Jan 2025' (product §3); '-' when missing. */
export function formatFlightDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "-";
  const p = parts(date, { weekday: "long", day: "2-digit", month: "short", year: "numeric" });
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** Blog date, e.g. 'Jan 05, 2025' (product §2); '' when missing. */
export function formatBlogDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  // en-US month abbreviations: en-GB writes September as 'Sept', not the 'MMM' form 'Sep'.
  const p = parts(date, { day: "2-digit", month: "short", year: "numeric" }, "en-US");
  return `${p.month} ${p.day}, ${p.year}`;
}

/** Release note date 'MMMM DD,yy' exactly as product §2 writes it, e.g. 'January 05,25'. */
export function formatReleaseNoteDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, { day: "2-digit", month: "long", year: "2-digit" });
  return `${p.month} ${p.day},${p.year}`;
}

/** Release log date 'MMMM D, YYYY', e.g. 'January 5, 2025' (product §2). */
export function formatReleaseLogDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, { day: "numeric", month: "long", year: "numeric" });
  return `${p.month} ${p.day}, ${p.year}`;
}

/** Invoice date 'DD MMM YYYY', e.g. '05 Jan 2025' (product §9). */
export function formatInvoiceDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, { day: "2-digit", month: "short", year: "numeric" });
  return `${p.day} ${p.month} ${p.year}`;
}

/** The current year in Asia/Dubai (footer copyright, product §9). */
export function currentYear(now: Date = new Date()): number {
  return Number(parts(now, { year: "numeric" }).year);
}

/** A machine-readable date for `<time dateTime>`: the ISO string, or undefined. */
export function isoOrUndefined(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}
