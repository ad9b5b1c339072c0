import { oneLine } from "@khayl/contract/text";
import type { Language } from "../../http/language.ts";
import { translate } from "../../i18n.ts";
import type { OutgoingMail } from "./outgoing-mail.ts";

/**
 * The kinds of mail and the mails to the support team and the operator, which stay in
 * English (decision 016); mails to visitors, in their language, are in `visitor-mails.ts`.
 */

/** Kind of the account-deletion code mail. */
export const DELETE_ACCOUNT_CODE_KIND = "delete-account-code";
/** Kind of the notice that an account was deleted. */
export const ACCOUNT_DELETED_KIND = "account-deleted";
/** Kind of the mail asking to confirm e-mail alerts (decision 028): its link holds a link token. */
export const ALERT_CONFIRMATION_KIND = "alert-confirmation";
/** Kind of an alert digest (decision 028): its manage link and `List-Unsubscribe` hold a link token. */
export const ALERT_KIND = "alert";

/**
 * Kinds of mail that carry a secret (a verification code, an alert link's token) or that
 * must leave no trace of their recipient: their text and headers are wiped from the outbox
 * once delivered or given up, so the database never keeps a usable code, and a copy of it
 * cannot make alert links (decision 028).
 */
export const SECRET_MAIL_KINDS: readonly string[] = [
  DELETE_ACCOUNT_CODE_KIND,
  ACCOUNT_DELETED_KIND,
  ALERT_CONFIRMATION_KIND,
  ALERT_KIND,
];

/**
 * Kinds of mail whose recipient is erased too once delivered or given up (decision 014):
 * the notice that an account was deleted is the last mail to that address, and nothing
 * of it stays behind.
 */
export const ERASED_RECIPIENT_KINDS: readonly string[] = [ACCOUNT_DELETED_KIND];

/** What `to` becomes in a row of `ERASED_RECIPIENT_KINDS` once the mail has gone. */
export const ERASED_RECIPIENT = "[erased]";

/** The language of the site a contact request was sent from, as the support team's mails name it. */
const languageNames: Record<Language, string> = { en: "English", ar: "Arabic" };

/**
 * What a visitor wrote (an inquiry), quoted line by line with `> ` (architecture §3.6): each of
 * its line breaks (CR LF, LF, CR, VT, FF, NEL, U+2028, U+2029) starts a quoted line of its own,
 * so none of its lines reads like one of the mail's own (`E-mail: …`, a digest's separator
 * and entry); the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) are dropped, as `oneLine` drops them, so no line reads backwards; any other
 * control character but a tab becomes a space.
 */
function quoted(text: string): string {
  return text
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, "")
    .split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/)
    .map((line) => `> ${line.replace(/[^\P{Cc}\t]/gu, " ")}`)
    .join("\n");
}

/**
 * The support team's notification of a new contact request (architecture §3.6); its one-line
 * fields through `oneLine`, its inquiry quoted (`quoted`), and the language of the site it
 * was sent from (the team answers in it). Its `Reply-To` is the sender's address (valid by
 * the contract's e-mail rule, so one line): the team's reply reaches the customer, not the
 * no-reply sender.
 */
export function supportNotificationMail(
  to: string,
  r: {
    reference: string;
    fullName: string;
    email: string;
    phone: string;
    subject: string;
    division: string;
    applicableReference: string | null;
    supportInquiry: string;
    language: Language;
  },
): OutgoingMail {
  return {
    kind: "support-notification",
    lane: "bulk",
    to,
    subject: `[${r.reference}] ${r.subject} – ${r.division}`,
    text: [
      `New support request ${r.reference}`,
      "",
      `Name: ${oneLine(r.fullName)}`,
      `E-mail: ${oneLine(r.email)}`,
      `Phone: ${oneLine(r.phone)}`,
      `Subject: ${r.subject}`,
      `Division: ${r.division}`,
      `Applicable reference: ${oneLine(r.applicableReference ?? "-")}`,
      `Language: ${languageNames[r.language]}`,
      "",
      quoted(r.supportInquiry),
    ].join("\n"),
    headers: { "Reply-To": oneLine(r.email) },
  };
}

/** Kind of the digest of support requests past `SUPPORT_NOTIFICATIONS_PER_HOUR`. */
export const SUPPORT_DIGEST_KIND = "support-digest";

/** Between the header of a digest and each request it lists (`supportDigestEntry`). */
export const DIGEST_SEPARATOR = "\n\n----------------------------------------\n";

/**
 * Characters (code points: an emoji is never cut in half) of a request's inquiry quoted in a
 * digest; the whole text stays with the request.
 */
const DIGEST_EXCERPT = 500;

/**
 * The support team's digest (architecture §3.6, decision 021): the requests that arrived
 * once `perHour` notifications had gone out in the hour, one entry each
 * (`supportDigestEntry`, appended as they arrive), sent when the hour ends.
 */
export function supportDigestMail(to: string, perHour: number): OutgoingMail {
  return {
    kind: SUPPORT_DIGEST_KIND,
    lane: "bulk",
    to,
    subject: "Support requests received after the hour's notifications",
    text:
      `More than ${perHour} support requests arrived within an hour. The first ${perHour} were notified one by ` +
      "one; the ones below were held back and are listed here instead. Each is stored in full under its " +
      `reference; an inquiry is quoted up to ${DIGEST_EXCERPT} characters.`,
  };
}

/**
 * One request's entry in the support team's digest, starting with `DIGEST_SEPARATOR`: its
 * one-line fields through `oneLine`, the first `DIGEST_EXCERPT` code points of its inquiry
 * quoted line by line (`quoted`), so that an inquiry cannot write a separator and an entry
 * of its own below it.
 */
export function supportDigestEntry(r: Parameters<typeof supportNotificationMail>[1], receivedAt: Date): string {
  const characters = Array.from(r.supportInquiry);
  const excerpt =
    characters.length > DIGEST_EXCERPT ? `${characters.slice(0, DIGEST_EXCERPT).join("")}…` : r.supportInquiry;
  const inquiry = quoted(excerpt);
  return (
    DIGEST_SEPARATOR +
    [
      `Reference: ${r.reference}`,
      `Received: ${uaeDateTime(receivedAt)}`,
      `Name: ${oneLine(r.fullName)}`,
      `E-mail: ${oneLine(r.email)}`,
      `Phone: ${oneLine(r.phone)}`,
      `Subject: ${r.subject}`,
      `Division: ${r.division}`,
      `Applicable reference: ${oneLine(r.applicableReference ?? "-")}`,
      `Language: ${languageNames[r.language]}`,
      "",
      inquiry,
    ].join("\n")
  );
}

/**
 * The operator's alert that deletion confirmations are paused site-wide (architecture §3.7):
 * `wrongCodes` wrong codes within the hour, paused until `until`. Sent once per pause.
 */
export function deletionPausedAlertMail(to: string, options: { wrongCodes: number; until: Date }): OutgoingMail {
  return {
    kind: "deletion-paused-alert",
    to,
    subject: "Account deletions paused: too many wrong verification codes",
    text: [
      `${options.wrongCodes} wrong account-deletion codes were entered within an hour, from all clients together.`,
      `Every deletion confirmation is answered 429 until ${uaeDateTime(options.until)}; asks still send codes.`,
      "",
      "This looks like someone guessing codes across many addresses. Check the server log (level error,",
      "'deletion confirmations paused') and the request logs for the clients involved. The budget is",
      "DELETION_WRONG_CODES_PER_HOUR.",
    ].join("\n"),
  };
}

/**
 * A date and time as the owner of a UAE account reads it: '14 Jan 2027, 09:30 (UAE time)',
 * or in Arabic '14 يناير 2027، 09:30 (بتوقيت الإمارات)' with Latin digits.
 */
export function uaeDateTime(at: Date, language: Language = "en"): string {
  return inUaeTime(dateTimeInDubai(at, language), language);
}

/**
 * Dates and times already written in Asia/Dubai (`dubaiSpan`), the time zone said once after
 * them: '20 Jan 2027, 10:00 – 23 Jan 2027, 18:00 (UAE time)', '16 Dec 2026, 00:00 – 07:00 (UAE
 * time)' (a show's or flight's dates in an alert mail, written as the mail's moved dates are).
 */
export function inUaeTime(dateTime: string, language: Language = "en"): string {
  const inUaeTime = /*i18n*/ { id: "mail.uaeTime", message: "{dateTime} (UAE time)" };
  return translate({ ...inUaeTime, values: { dateTime } }, language);
}

/**
 * A start, or a start and an end after it, in Asia/Dubai without the time zone (the
 * sentence says it once): '16 Dec 2026, 00:00', '16 Dec 2026, 00:00 – 07:00' within one
 * day, '20 Jan 2027, 10:00 – 23 Jan 2027, 18:00'; in Arabic '16 ديسمبر 2026 في 00:00',
 * '16 ديسمبر 2026 من 00:00 حتى 07:00', 'من 20 يناير 2027 في 10:00 حتى 23 يناير 2027 في 18:00'
 * (an alert's old and new dates).
 */
export function dubaiSpan(start: Date, end: Date | null, language: Language = "en"): string {
  if (!end || end.getTime() <= start.getTime()) return dateTimeInDubai(start, language);
  const day = dateInDubai(start, language);
  if (day === dateInDubai(end, language)) {
    const sameDay = /*i18n*/ { id: "mail.spanSameDay", message: "{day}, {start} – {end}" };
    const values = { day, start: timeInDubai(start), end: timeInDubai(end) };
    return translate({ ...sameDay, values }, language);
  }
  const span = /*i18n*/ { id: "mail.span", message: "{start} – {end}" };
  const values = { start: dateTimeInDubai(start, language), end: dateTimeInDubai(end, language) };
  return translate({ ...span, values }, language);
}

/**
 * The Asia/Dubai days of a date-only show (product §2, `isDateOnly`), without times or time
 * zone: '10 Jan 2027', or its first and last day, the last included, '10 Jan 2027 – 12 Jan
 * 2027'; in Arabic '10 يناير 2027', 'من 10 يناير 2027 حتى 12 يناير 2027' (an alert's dates
 * of a show that is on days, not at times). An end on the start's day, or none, is one day.
 */
export function dubaiDays(start: Date, end: Date | null, language: Language = "en"): string {
  const first = dateInDubai(start, language);
  const last = end && end.getTime() > start.getTime() ? dateInDubai(end, language) : first;
  if (last === first) return first;
  const span = /*i18n*/ { id: "mail.span", message: "{start} – {end}" };
  return translate({ ...span, values: { start: first, end: last } }, language);
}

const locale = (language: Language) => (language === "ar" ? "ar-AE-u-nu-latn" : "en-GB");
/** The day in Asia/Dubai as the mails write it: '14 Jan 2027', '14 يناير 2027'. */
const dayIn = (language: Language) =>
  ({ timeZone: "Asia/Dubai", day: "2-digit", month: language === "ar" ? "long" : "short", year: "numeric" }) as const;
/** The time of day as the mails write it: '09:30' (24 hours). */
const TIME_OF_DAY = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/** '14 Jan 2027, 09:30' in Asia/Dubai ('14 يناير 2027، 09:30' in Arabic, Latin digits). */
function dateTimeInDubai(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { ...dayIn(language), ...TIME_OF_DAY }).format(at);
}

/** '14 Jan 2027' in Asia/Dubai ('14 يناير 2027' in Arabic), as `dateTimeInDubai` writes the day. */
function dateInDubai(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), dayIn(language)).format(at);
}

/** '09:30' in Asia/Dubai (Latin digits in both languages). */
function timeInDubai(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", ...TIME_OF_DAY }).format(at);
}
