/**
 * What a mail is before it is queued: its shape and its outbox lane (architecture §3.6).
 * Apart from the outbox's queries (`repository.ts`) so that the mail templates, which
 * build these, and the repository, which reads the templates' kinds, do not import each
 * other (decision 025: no import cycles, type-only included).
 */

/**
 * The outbox's lanes (architecture §3.6), claimed in this order: `urgent` (time-limited
 * mails: verification codes), `notice` (mails to one person about their account, the
 * operator's alerts), `bulk` (the support team's notifications and digests, contact
 * and alert confirmations: what a flood of requests produces).
 */
export const MAIL_LANES = { urgent: 0, notice: 1, bulk: 2 } as const;
type MailLane = keyof typeof MAIL_LANES;

/**
 * A mail to queue (architecture §3.6). `logNote` is printed with the file-delivery log
 * line (e.g. a code); a mail with `expiresAt` is never sent after that instant. `lane`
 * defaults to `urgent` for a mail with `expiresAt`, else `notice`.
 */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  logNote?: string | null;
  expiresAt?: Date | null;
  lane?: MailLane;
  /** Extra headers, e.g. an alert's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string> | null;
}

/**
 * The headers of a mail to a visitor written in `language`: `Content-Language` (RFC 3282),
 * by which the transport also names the sender in that language (`senderOf` in
 * transport.ts: an Arabic mail comes from `COMPANY_NAME_AR`).
 */
export function languageHeaders(language: "en" | "ar"): Record<string, string> {
  return { "Content-Language": language };
}
