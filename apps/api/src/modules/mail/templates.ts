import type { Division, Subject } from "@khayl/contract/contact-rules";
import type { Language } from "../../http/language.ts";
import type { OutgoingMail } from "./outgoing-mail.ts";

/**
 * Mails to visitors come in the language of the page they used (decision 016: the request's
 * `language` header); the support team's notification stays in English. Arabic mails name
 * the company as `COMPANY_NAME_AR` and write dates with Arabic months and Latin digits.
 */

/** Kind of the account-deletion code mail. */
const DELETE_ACCOUNT_CODE_KIND = "delete-account-code";
/** Kind of the notice that an account was deleted. */
const ACCOUNT_DELETED_KIND = "account-deleted";

/**
 * Kinds of mail that carry a secret (a verification code) or that must leave no trace of
 * their recipient: their text is wiped from the outbox once delivered or given up, so the
 * database never keeps a usable code.
 */
export const SECRET_MAIL_KINDS: readonly string[] = [DELETE_ACCOUNT_CODE_KIND, ACCOUNT_DELETED_KIND];

/**
 * Kinds of mail whose recipient is erased too once delivered or given up (decision 014):
 * the notice that an account was deleted is the last mail to that address, and nothing
 * of it stays behind.
 */
export const ERASED_RECIPIENT_KINDS: readonly string[] = [ACCOUNT_DELETED_KIND];

/** What `to` becomes in a row of `ERASED_RECIPIENT_KINDS` once the mail has gone. */
export const ERASED_RECIPIENT = "[erased]";

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
    lane: "bulk",
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

/** Kind of the digest of support requests past `SUPPORT_NOTIFICATIONS_PER_HOUR`. */
export const SUPPORT_DIGEST_KIND = "support-digest";

/** Between the header of a digest and each request it lists (`supportDigestEntry`). */
export const DIGEST_SEPARATOR = "\n\n----------------------------------------\n";

/** Characters of a request's inquiry quoted in a digest; the whole text stays with the request. */
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

/** One request's entry in the support team's digest, starting with `DIGEST_SEPARATOR`. */
export function supportDigestEntry(r: Parameters<typeof supportNotificationMail>[1], receivedAt: Date): string {
  const inquiry =
    r.supportInquiry.length > DIGEST_EXCERPT ? `${r.supportInquiry.slice(0, DIGEST_EXCERPT)}…` : r.supportInquiry;
  return (
    DIGEST_SEPARATOR +
    [
      `Reference: ${r.reference}`,
      `Received: ${uaeDateTime(receivedAt)}`,
      `Name: ${r.fullName}`,
      `E-mail: ${r.email}`,
      `Phone: ${r.phone}`,
      `Subject: ${r.subject}`,
      `Division: ${r.division}`,
      `Applicable reference: ${r.applicableReference ?? "-"}`,
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

/** The contact form's subject and division options in Arabic (their values are English codes). */
const arabicSubjects: Record<Subject, string> = {
  "Service-Request": "طلب خدمة",
  Inquiry: "استفسار",
  "IT-Support": "دعم تقني",
  Issue: "مشكلة",
  Feedback: "ملاحظات",
  Other: "أخرى",
};
const arabicDivisions: Record<Division, string> = {
  "Local-Transport": "النقل المحلي",
  "Air-Shipping": "الشحن الجوي",
  Technology: "التقنية",
  Management: "الإدارة",
};

/**
 * The sender's confirmation quoting the reference, in the sender's language. It carries
 * nothing the visitor wrote (no name, no inquiry) — only the reference and the chosen option
 * labels — so the form cannot be used to send someone else a message of a spammer's choosing.
 */
export function supportConfirmationMail(
  r: { reference: string; email: string; subject: Subject; division: Division },
  company: string,
  language: Language = "en",
): OutgoingMail {
  if (language === "ar")
    return {
      kind: "support-confirmation",
      lane: "bulk",
      to: r.email,
      subject: `استلمنا طلبك ${r.reference}`,
      text: [
        "مرحبًا،",
        "",
        `شكرًا لتواصلك مع ${company}. الرقم المرجعي لطلبك هو ${r.reference}.`,
        `الموضوع: ${arabicSubjects[r.subject]}. القسم: ${arabicDivisions[r.division]}.`,
        "يُرجى ذكر الرقم المرجعي في أي رسالة بخصوص هذا الطلب. سيرد عليك فريقنا على هذا العنوان.",
        "",
        "إذا لم تراسلنا، يمكنك تجاهل هذه الرسالة.",
      ].join("\n"),
    };
  return {
    kind: "support-confirmation",
    lane: "bulk",
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

/**
 * A date and time as the owner of a UAE account reads it: '14 Jan 2027, 09:30 (UAE time)',
 * or in Arabic '14 يناير 2027، 09:30 (بتوقيت الإمارات)' with Latin digits.
 */
function uaeDateTime(at: Date, language: Language = "en"): string {
  const text = new Intl.DateTimeFormat(language === "ar" ? "ar-AE-u-nu-latn" : "en-GB", {
    timeZone: "Asia/Dubai",
    day: "2-digit",
    month: language === "ar" ? "long" : "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return language === "ar" ? `${text} (بتوقيت الإمارات)` : `${text} (UAE time)`;
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
  if (options.language === "ar")
    return {
      kind: DELETE_ACCOUNT_CODE_KIND,
      to,
      subject: `رمز حذف حسابك في ${options.company}`,
      text: [
        `رمز التحقق الخاص بك هو ${code}.`,
        "",
        `طلب أحدهم حذف حساب ${options.company} المرتبط بهذا البريد الإلكتروني. أدخل الرمز في صفحة حذف الحساب ` +
          `قبل ${uaeDateTime(options.expiresAt, "ar")} لحذف الحساب.`,
        "",
        "إذا لم تكن أنت، فتجاهل هذه الرسالة ولا تشارك الرمز مع أحد: لا يمكن حذف حسابك بدونه، ولا نطلبه أبدًا " +
          `عبر الهاتف أو البريد الإلكتروني. إذا استمرت هذه الرسائل في الوصول، راسلنا على ${options.supportEmail}.`,
      ].join("\n"),
      logNote: `verification code ${code}`,
      expiresAt: options.expiresAt,
    };
  return {
    kind: DELETE_ACCOUNT_CODE_KIND,
    to,
    subject: `Your ${options.company} account deletion code`,
    text: [
      `Your verification code is ${code}.`,
      "",
      `Someone asked to delete the ${options.company} account of this e-mail address. Enter the code on the ` +
        `account deletion page before ${uaeDateTime(options.expiresAt)} to delete the account.`,
      "",
      "If this wasn't you, ignore this e-mail and share the code with nobody: your account cannot be deleted " +
        "without it, and we never ask for it by phone or e-mail. If such e-mails keep coming, write to " +
        `${options.supportEmail}.`,
    ].join("\n"),
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
  if (options.language === "ar")
    return {
      kind: "delete-account-codes-live",
      to,
      subject: `رمز حذف حسابك في ${options.company}`,
      text: [
        `طلب أحدهم مرة أخرى حذف حساب ${options.company} المرتبط بهذا البريد الإلكتروني. الرموز التي أرسلناها إليك ` +
          `خلال آخر ${options.minutes} دقائق ما زالت صالحة: استخدم أحدثها. لم نرسل رمزًا جديدًا.`,
        "",
        "إذا لم تكن أنت، فتجاهل هذه الرسالة: لا يمكن حذف حسابك دون رمز يُرسل إلى هذا العنوان.",
      ].join("\n"),
    };
  return {
    kind: "delete-account-codes-live",
    to,
    subject: `Your ${options.company} account deletion code`,
    text: [
      `Someone asked again to delete the ${options.company} account of this e-mail address. The codes we sent ` +
        `you in the last ${options.minutes} minutes are still valid: use the most recent one. No new code was sent.`,
      "",
      "If this wasn't you, ignore this e-mail: your account cannot be deleted without a code sent to this address.",
    ].join("\n"),
  };
}

/** Sent instead of a code while the address's deletion is locked after too many wrong codes (architecture §3.7). */
export function deletionLockedMail(
  to: string,
  options: { company: string; supportEmail: string; lockedUntil: Date; language?: Language },
): OutgoingMail {
  if (options.language === "ar")
    return {
      kind: "delete-account-locked",
      to,
      subject: `تم إيقاف حذف حسابك في ${options.company} مؤقتًا`,
      text: [
        `طلب أحدهم حذف حساب ${options.company} المرتبط بهذا البريد الإلكتروني، لكن أُدخلت له رموز خاطئة كثيرة، ` +
          `لذا أُوقف الحذف حتى ${uaeDateTime(options.lockedUntil, "ar")}. لم نرسل أي رمز.`,
        "",
        "إذا لم تكن أنت، فحسابك في أمان: لا يمكن حذفه دون رمز يُرسل إلى هذا العنوان. " +
          `إذا كنت تريد حذفه قبل ذلك، فراسلنا على ${options.supportEmail}.`,
      ].join("\n"),
    };
  return {
    kind: "delete-account-locked",
    to,
    subject: `Deletion of your ${options.company} account is paused`,
    text: [
      `Someone asked to delete the ${options.company} account of this e-mail address, but too many wrong codes ` +
        `were entered for it, so deletion is paused until ${uaeDateTime(options.lockedUntil)}. No code was sent.`,
      "",
      "If this wasn't you, your account is safe: it cannot be deleted without a code sent to this address. " +
        `If you want it deleted sooner, write to ${options.supportEmail}.`,
    ].join("\n"),
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
  if (options.language === "ar")
    return {
      kind: ACCOUNT_DELETED_KIND,
      to,
      subject: `تم حذف حسابك في ${options.company}`,
      text: [
        `تم حذف حسابك في ${options.company} والبيانات الشخصية التي احتفظنا بها معه، كما طُلب برمز أُرسل إلى هذا ` +
          "العنوان. تبقى الفواتير في سجلاتنا المحاسبية دون اسمك، كما يقتضي قانون الضرائب.",
        "",
        `إذا لم تطلب ذلك، فراسلنا فورًا على ${options.supportEmail}.`,
      ].join("\n"),
    };
  return {
    kind: ACCOUNT_DELETED_KIND,
    to,
    subject: `Your ${options.company} account has been deleted`,
    text: [
      `Your ${options.company} account and the personal data we kept with it have been deleted, as asked with ` +
        "a code sent to this address. Invoices stay with our accounting records, without your name, as tax law " +
        "requires.",
      "",
      `If you did not ask for this, write to ${options.supportEmail} at once.`,
    ].join("\n"),
  };
}
