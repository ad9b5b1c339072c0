import type { OutgoingMail } from "./repository.ts";

/** Kind of the account-deletion code mail. */
export const DELETE_ACCOUNT_CODE_KIND = "delete-account-code";

/**
 * Kinds of mail that carry a secret (a verification code): their text is wiped from the
 * outbox once delivered or given up, so the database never keeps a usable code.
 */
export const SECRET_MAIL_KINDS: readonly string[] = [DELETE_ACCOUNT_CODE_KIND];

/** The support team's notification of a new contact request (architecture §3.6). */
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
  },
): OutgoingMail {
  return {
    kind: "support-notification",
    to,
    subject: `[${r.reference}] ${r.subject} – ${r.division}`,
    text: [
      `New support request ${r.reference}`,
      "",
      `Name: ${r.fullName}`,
      `E-mail: ${r.email}`,
      `Phone: ${r.phone}`,
      `Subject: ${r.subject}`,
      `Division: ${r.division}`,
      `Applicable reference: ${r.applicableReference ?? "-"}`,
      "",
      r.supportInquiry,
    ].join("\n"),
  };
}

/**
 * The sender's confirmation quoting the reference. It carries nothing the visitor wrote
 * (no name, no inquiry) — only the reference and the chosen option labels — so the form
 * cannot be used to send someone else a message of a spammer's choosing.
 */
export function supportConfirmationMail(
  r: { reference: string; email: string; subject: string; division: string },
  company: string,
): OutgoingMail {
  return {
    kind: "support-confirmation",
    to: r.email,
    subject: `We received your request ${r.reference}`,
    text: [
      "Hello,",
      "",
      `Thank you for contacting ${company}. Your reference number is ${r.reference}.`,
      `Subject: ${r.subject}. Division: ${r.division}.`,
      "Please quote the reference in any message about this request. Our team will reply to this address.",
      "",
      "If you did not write to us, you can ignore this e-mail.",
    ].join("\n"),
  };
}

/** The account-deletion verification code (product §4); the code goes into the log note too. */
export function deletionCodeMail(to: string, code: string, company: string, minutes: number): OutgoingMail {
  return {
    kind: DELETE_ACCOUNT_CODE_KIND,
    to,
    subject: `Your ${company} account deletion code`,
    text: [
      `Your verification code is ${code}.`,
      "",
      `Enter it on the account deletion page within ${minutes} minutes to delete your account.`,
      "If you did not ask to delete your account, ignore this e-mail; nothing will change.",
    ].join("\n"),
    logNote: `verification code ${code}`,
  };
}
