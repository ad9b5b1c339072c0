import { DISPLAY_TIME_ZONE } from "@khayl/contract/format";
import type { Message } from "@khayl/contract/messages";
import type { Language } from "../../http/language.ts";
import { translate } from "../../i18n.ts";

/** Days before the due date from which an unpaid invoice shows a 'Due …' badge. */
const DUE_SOON_DAYS = 3;

/** The calendar day of an instant in Asia/Dubai, as a count of days (for differences). */
function dubaiDay(instant: Date): number {
  // en-CA writes the date as YYYY-MM-DD.
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** The badge texts (decision 027: the catalogue gives the Arabic, with its plural forms for the days). */
const badges = {
  overdue: /*i18n*/ { id: "invoice.due.overdue", message: "Overdue" },
  today: /*i18n*/ { id: "invoice.due.today", message: "Due today" },
  tomorrow: /*i18n*/ { id: "invoice.due.tomorrow", message: "Due tomorrow" },
} as const;

function dueInDays(days: number): Message {
  const source = /*i18n*/ {
    id: "invoice.due.inDays",
    message: "{days, plural, one {Due in {days} day} other {Due in {days} days}}",
  };
  return { ...source, values: { days } };
}

/**
 * product §3's `dueDisplay` (the red badge) for an invoice: the stored text when the invoice
 * has one, else — for an unpaid invoice — 'Overdue' after its due date, 'Due today',
 * 'Due tomorrow' or 'Due in N days' within `DUE_SOON_DAYS` (Asia/Dubai calendar days), in
 * `language` (decision 016), and null otherwise. Computed when read, so it never goes stale.
 */
export function dueDisplayOf(
  invoice: { dueDate: Date; dueDisplay: string | null; status: string },
  now: Date = new Date(),
  language: Language = "en",
): string | null {
  if (invoice.dueDisplay) return invoice.dueDisplay;
  if (invoice.status === "paid") return null;
  const days = dubaiDay(invoice.dueDate) - dubaiDay(now);
  if (days > DUE_SOON_DAYS) return null;
  const badge = days < 0 ? badges.overdue : days === 0 ? badges.today : days === 1 ? badges.tomorrow : dueInDays(days);
  return translate(badge, language);
}
