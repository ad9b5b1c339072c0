import { DISPLAY_TIME_ZONE } from "@khayl/contract/format";

/** Days before the due date from which an unpaid invoice shows a 'Due …' badge. */
export const DUE_SOON_DAYS = 3;

/** The calendar day of an instant in Asia/Dubai, as a count of days (for differences). */
function dubaiDay(instant: Date): number {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .format(instant)
    .split("-")
    .map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
}

/**
 * product §3's `dueDisplay` (the red badge) for an invoice: the stored text when the invoice
 * has one, else — for an unpaid invoice — 'Overdue' after its due date, 'Due today',
 * 'Due tomorrow' or 'Due in N days' within `DUE_SOON_DAYS` (Asia/Dubai calendar days),
 * and null otherwise. Computed when read, so the badge never goes stale.
 */
export function dueDisplayOf(
  invoice: { dueDate: Date; dueDisplay: string | null; status: string },
  now: Date = new Date(),
): string | null {
  if (invoice.dueDisplay) return invoice.dueDisplay;
  if (invoice.status === "paid") return null;
  const days = dubaiDay(invoice.dueDate) - dubaiDay(now);
  if (days < 0) return "Overdue";
  if (days === 0) return "Due today";
  if (days === 1) return "Due tomorrow";
  return days <= DUE_SOON_DAYS ? `Due in ${days} days` : null;
}
