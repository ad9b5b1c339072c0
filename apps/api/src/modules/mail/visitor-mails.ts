import type { Division, Subject } from "@khayl/contract/contact-rules";
import type { Message } from "@khayl/contract/messages";
import type { Language } from "../../http/language.ts";
import { translate } from "../../i18n.ts";
import { languageHeaders, type OutgoingMail } from "./outgoing-mail.ts";
import { ACCOUNT_DELETED_KIND, DELETE_ACCOUNT_CODE_KIND, uaeDateTime } from "./templates.ts";

/**
 * Mails to visitors, in the language of the page they used (decision 016: the request's
 * `language` header), their subjects and texts from the catalogue (decision 027). Arabic
 * mails name the company as `COMPANY_NAME_AR` (the caller passes the name in the mail's
 * language) and write dates with Arabic months and Latin digits.
 */

/** The subject of a deletion-code mail, and of the mail sent instead of one. */
const deletionCodeSubject = /*i18n*/ {
  id: "mail.deletionCode.subject",
  message: "Your {company} account deletion code",
};

/** A message of this file with its values. */
const withValues = (source: Message, values: Record<string, string | number>): Message => ({ ...source, values });

/** The contact form's subject and division options as the mail names them (their values are English codes). */
const subjectLabels: Record<Subject, Message> = {
  "Service-Request": /*i18n*/ { id: "contact.subject.serviceRequest", message: "Service-Request" },
  Inquiry: /*i18n*/ { id: "contact.subject.inquiry", message: "Inquiry" },
  "IT-Support": /*i18n*/ { id: "contact.subject.itSupport", message: "IT-Support" },
  Issue: /*i18n*/ { id: "contact.subject.issue", message: "Issue" },
  Feedback: /*i18n*/ { id: "contact.subject.feedback", message: "Feedback" },
  Other: /*i18n*/ { id: "contact.subject.other", message: "Other" },
};
const divisionLabels: Record<Division, Message> = {
  "Local-Transport": /*i18n*/ { id: "contact.division.localTransport", message: "Local-Transport" },
  "Air-Shipping": /*i18n*/ { id: "contact.division.airShipping", message: "Air-Shipping" },
  Technology: /*i18n*/ { id: "contact.division.technology", message: "Technology" },
  Management: /*i18n*/ { id: "contact.division.management", message: "Management" },
};

/**
 * The sender's confirmation quoting the reference, in the sender's language. It carries
 * nothing the visitor wrote (no name, no inquiry) — only the reference and the chosen option
 * labels — so the form cannot be used to send someone else a message of a spammer's choosing.
 * Its `Reply-To` is `supportEmail`: a reply reaches the support team, not the no-reply sender.
 */
export function supportConfirmationMail(
  r: { reference: string; email: string; subject: Subject; division: Division },
  { company, supportEmail, language }: { company: string; supportEmail: string; language: Language },
): OutgoingMail {
  const subject = /*i18n*/ { id: "mail.supportConfirmation.subject", message: "We received your request {reference}" };
  const text = /*i18n*/ {
    id: "mail.supportConfirmation.text",
    message:
      "Hello,\n\nThank you for contacting {company}. Your reference number is {reference}.\n" +
      "Subject: {subject}. Division: {division}.\n" +
      "Please quote the reference in any message about this request. Our team will reply to this address.\n\n" +
      "If you did not write to us, you can ignore this e-mail.",
  };
  const values = {
    company,
    reference: r.reference,
    subject: translate(subjectLabels[r.subject], language),
    division: translate(divisionLabels[r.division], language),
  };
  return {
    kind: "support-confirmation",
    lane: "bulk",
    to: r.email,
    subject: translate(withValues(subject, values), language),
    text: translate(withValues(text, values), language),
    headers: { ...languageHeaders(language), "Reply-To": supportEmail },
  };
}

/**
 * The account-deletion verification code (product §4), which is also the owner's notice
 * that someone asked: it says what to do if it was not them. The code goes into the log
 * note (the demo's file outbox only) and the mail expires with the code (`expiresAt`):
 * it is never delivered after that.
 */
export function deletionCodeMail(
  to: string,
  code: string,
  options: { company: string; supportEmail: string; expiresAt: Date; language?: Language },
): OutgoingMail {
  const language = options.language ?? "en";
  const subject = deletionCodeSubject;
  const text = /*i18n*/ {
    id: "mail.deletionCode.text",
    message:
      "Your verification code is {code}.\n\n" +
      "Someone asked to delete the {company} account of this e-mail address. Enter the code on the " +
      "account deletion page before {expiresAt} to delete the account.\n\n" +
      "If this wasn't you, ignore this e-mail and share the code with nobody: your account cannot be deleted " +
      "without it, and we never ask for it by phone or e-mail. If such e-mails keep coming, write to " +
      "{supportEmail}.",
  };
  const values = {
    company: options.company,
    supportEmail: options.supportEmail,
    code,
    expiresAt: uaeDateTime(options.expiresAt, language),
  };
  return {
    kind: DELETE_ACCOUNT_CODE_KIND,
    to,
    subject: translate(withValues(subject, values), language),
    text: translate(withValues(text, values), language),
    headers: languageHeaders(language),
    logNote: `verification code ${code}`,
    expiresAt: options.expiresAt,
  };
}

/**
 * Sent instead of a code when an address already has its most live codes (architecture
 * §3.7): no code, and no earlier code is withdrawn.
 */
export function deletionCodesLiveMail(
  to: string,
  options: { company: string; minutes: number; language?: Language },
): OutgoingMail {
  const language = options.language ?? "en";
  const subject = deletionCodeSubject;
  const text = /*i18n*/ {
    id: "mail.deletionCodesLive.text",
    message:
      "Someone asked again to delete the {company} account of this e-mail address. The codes we sent " +
      "you in the last {minutes} minutes are still valid: use the most recent one. No new code was sent.\n\n" +
      "If this wasn't you, ignore this e-mail: your account cannot be deleted without a code sent to this address.",
  };
  const values = { company: options.company, minutes: options.minutes };
  return {
    kind: "delete-account-codes-live",
    to,
    subject: translate(withValues(subject, values), language),
    text: translate(withValues(text, values), language),
    headers: languageHeaders(language),
  };
}

/** Sent instead of a code while the address's deletion is locked after too many wrong codes (architecture §3.7). */
export function deletionLockedMail(
  to: string,
  options: { company: string; supportEmail: string; lockedUntil: Date; language?: Language },
): OutgoingMail {
  const language = options.language ?? "en";
  const subject = /*i18n*/ {
    id: "mail.deletionLocked.subject",
    message: "Deletion of your {company} account is paused",
  };
  const text = /*i18n*/ {
    id: "mail.deletionLocked.text",
    message:
      "Someone asked to delete the {company} account of this e-mail address, but too many wrong codes " +
      "were entered for it, so deletion is paused until {lockedUntil}. No code was sent.\n\n" +
      "If this wasn't you, your account is safe: it cannot be deleted without a code sent to this address. " +
      "If you want it deleted sooner, write to {supportEmail}.",
  };
  const values = {
    company: options.company,
    supportEmail: options.supportEmail,
    lockedUntil: uaeDateTime(options.lockedUntil, language),
  };
  return {
    kind: "delete-account-locked",
    to,
    subject: translate(withValues(subject, values), language),
    text: translate(withValues(text, values), language),
    headers: languageHeaders(language),
  };
}

/**
 * The notice that an account was deleted (architecture §3.7), sent to the address it had.
 * Once delivered, its row keeps neither the address nor the text (`ERASED_RECIPIENT_KINDS`).
 */
export function accountDeletedMail(
  to: string,
  options: { company: string; supportEmail: string; language?: Language },
): OutgoingMail {
  const language = options.language ?? "en";
  const subject = /*i18n*/ { id: "mail.accountDeleted.subject", message: "Your {company} account has been deleted" };
  const text = /*i18n*/ {
    id: "mail.accountDeleted.text",
    message:
      "Your {company} account and the personal data we kept with it have been deleted, as asked with " +
      "a code sent to this address. Invoices stay with our accounting records, without your name, as tax law " +
      "requires.\n\nIf you did not ask for this, write to {supportEmail} at once.",
  };
  const values = { company: options.company, supportEmail: options.supportEmail };
  return {
    kind: ACCOUNT_DELETED_KIND,
    to,
    subject: translate(withValues(subject, values), language),
    text: translate(withValues(text, values), language),
    headers: languageHeaders(language),
  };
}
