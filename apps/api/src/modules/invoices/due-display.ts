import { DISPLAY_TIME_ZONE } from "@khayl/contract/format";
import type { Language } from "../../http/language.ts";

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

const arabicPlural = new Intl.PluralRules("ar");

/** The badge texts in each language ('Due in N days' with Arabic plural forms). */
const badges: Record<Language, { overdue: string; today: string; tomorrow: string; inDays: (n: number) => string }> = {
  en: { overdue: "Overdue", today: "Due today", tomorrow: "Due tomorrow", inDays: (n) => `Due in ${n} days` },
  ar: {
    overdue: "متأخرة السداد",
    today: "مستحقة اليوم",
    tomorrow: "مستحقة غدًا",
    inDays: (n) => {
      switch (arabicPlural.select(n)) {
        case "two":
          return "مستحقة خلال يومين";
        case "few":
          return `مستحقة خلال ${n} أيام`;
        case "many":
          return `مستحقة خلال ${n} يومًا`;
        default:
          return `مستحقة خلال ${n} يوم`;
      }
    },
  },
};

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
  const badge = badges[language];
  const days = dubaiDay(invoice.dueDate) - dubaiDay(now);
  if (days < 0) return badge.overdue;
  if (days === 0) return badge.today;
  if (days === 1) return badge.tomorrow;
  return days <= DUE_SOON_DAYS ? badge.inDays(days) : null;
}
