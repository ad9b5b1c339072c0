/**
 * Every date format the site shows (product §2, §3, §9), in one place. Input dates are
 * ISO-8601 strings or `Date`s (instants, stored as UTC); output is in the Asia/Dubai time
 * zone (architecture §3.5). English follows the spec's patterns letter for letter; Arabic
 * (`language` "ar") writes the same fields day first with Arabic month and weekday names
 * and Latin digits (decision 016), e.g. '05 يناير 2025'.
 */

export const DISPLAY_TIME_ZONE = "Asia/Dubai";

/** The languages dates are written in. */
export type DateLanguage = "en" | "ar";

/** Arabic as written in the UAE, with Latin digits (decision 016). */
const ARABIC = "ar-AE-u-nu-latn";

type DateInput = string | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

type PartName = "weekday" | "day" | "month" | "year";

/** The `Intl` locale of the spec's English tokens, or of Arabic. */
function localeOf(language: DateLanguage): string {
  return language === "ar" ? ARABIC : "en-US";
}

/** The formatters made so far, by locale and options: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A shared `Intl.DateTimeFormat` for `locale` and `options` in Asia/Dubai. The options come
 * from this module's own calls, so the number kept stays small and fixed.
 */
function dubaiFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: DISPLAY_TIME_ZONE });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The parts of `date` in Asia/Dubai. The specified token formats ('MMM', 'MMMM', 'dddd') take
 * the `en-US` names, whose short months are always three letters ('Sep'); `en-GB` is
 * used only where the specification names it (event cards), and there gives 'Sept' for September.
 */
function parts(date: Date, options: Intl.DateTimeFormatOptions, locale = "en-US"): Record<PartName, string> {
  const out: Record<PartName, string> = { weekday: "", day: "", month: "", year: "" };
  for (const part of dubaiFormat(locale, options).formatToParts(date)) {
    if (part.type in out) out[part.type as PartName] = part.value;
  }
  return out;
}

/** Event card day: day and short month in en-GB, e.g. '5 Jan' (product §3); '5 يناير' in Arabic. */
export function formatEventDay(value: DateInput, language: DateLanguage = "en"): string {
  const date = toDate(value);
  if (!date) return "-";
  const p = parts(
    date,
    { day: "numeric", month: language === "ar" ? "long" : "short" },
    language === "ar" ? ARABIC : "en-GB",
  );
  return `${p.day} ${p.month}`;
}

/**
 * Event card dates (product §3): '5 Jan' alone, '5 Jan - 7 Jan' as a range when `endDate`
 * exists, '-' when `startDate` is missing. An `endDate` before `startDate` (a data-entry
 * slip) is left out rather than shown as a range that runs backwards.
 */
export function formatEventDateRange(startDate: DateInput, endDate: DateInput, language: DateLanguage = "en"): string {
  const start = toDate(startDate);
  if (!start) return "-";
  const end = toDate(endDate);
  return end && end.getTime() >= start.getTime()
    ? `${formatEventDay(start, language)} - ${formatEventDay(end, language)}`
    : formatEventDay(start, language);
}

/**
 * Flight card date in Asia/Dubai, weekday, two-digit day, short month and year, as product §3's
 * 'Monday 05 Jan 2025' (the spec's example as written): e.g. 'Monday 06 Jan 2025',
 * 'الاثنين 06 يناير 2025'; '-' when missing.
 */
export function formatFlightDate(value: DateInput, language: DateLanguage = "en"): string {
  const date = toDate(value);
  if (!date) return "-";
  const month = language === "ar" ? "long" : "short";
  const p = parts(date, { weekday: "long", day: "2-digit", month, year: "numeric" }, localeOf(language));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** Blog date, e.g. 'Jan 05, 2025' (product §2), '05 يناير 2025'; '' when missing. */
export function formatBlogDate(value: DateInput, language: DateLanguage = "en"): string {
  const date = toDate(value);
  if (!date) return "";
  // en-US month abbreviations: en-GB writes September as 'Sept', not the 'MMM' form 'Sep'.
  const p = parts(
    date,
    { day: "2-digit", month: language === "ar" ? "long" : "short", year: "numeric" },
    localeOf(language),
  );
  return language === "ar" ? `${p.day} ${p.month} ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}

/** Release note date 'MMMM DD,yy' exactly as product §2 writes it, e.g. 'January 05,25'; '05 يناير 25'. */
export function formatReleaseNoteDate(value: DateInput, language: DateLanguage = "en"): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, { day: "2-digit", month: "long", year: "2-digit" }, localeOf(language));
  return language === "ar" ? `${p.day} ${p.month} ${p.year}` : `${p.month} ${p.day},${p.year}`;
}

/** Release log date 'MMMM D, YYYY', e.g. 'January 5, 2025' (product §2); '5 يناير 2025'. */
export function formatReleaseLogDate(value: DateInput, language: DateLanguage = "en"): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, { day: "numeric", month: "long", year: "numeric" }, localeOf(language));
  return language === "ar" ? `${p.day} ${p.month} ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}

/** Invoice date 'DD MMM YYYY', e.g. '05 Jan 2025' (product §9); '05 يناير 2025'. */
export function formatInvoiceDate(value: DateInput, language: DateLanguage = "en"): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(
    date,
    { day: "2-digit", month: language === "ar" ? "long" : "short", year: "numeric" },
    localeOf(language),
  );
  return `${p.day} ${p.month} ${p.year}`;
}

/**
 * The clock time of an instant in Asia/Dubai, 24-hour 'HH:mm' with Latin digits in both
 * languages (decision 016), e.g. '00:00' for 2025-01-05T20:00:00Z; '' when missing. Used
 * beside `formatFlightDate` on a flight's own page (product §2, "Show and flight pages").
 */
export function formatDubaiTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const out = { hour: "", minute: "" };
  const format = dubaiFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  for (const part of format.formatToParts(date)) {
    if (part.type === "hour" || part.type === "minute") out[part.type] = part.value;
  }
  return `${out.hour}:${out.minute}`;
}

/** The current year in Asia/Dubai (footer copyright, product §9). */
export function currentYear(now: Date = new Date()): number {
  return Number(parts(now, { year: "numeric" }).year);
}

/** A machine-readable date for `<time dateTime>`: the ISO string, or undefined. */
export function isoOrUndefined(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}
