import { groupThousands, latinDigits } from "./digits.ts";
import { defineMessages, englishTexts, type Message, pluralText } from "./messages.ts";

/**
 * The form rules of product §5 for the contact form and the account-deletion flow, with
 * their messages spelled once. Zod-free on purpose: the browser imports these
 * predicates and messages without pulling zod into page JavaScript, and the zod
 * schemas of `support-requests.ts` / `account-deletion.ts` are built on the same
 * predicates, so browser, route action and API agree letter for letter.
 */

/** product §5 messages, exactly as written there, as catalogue messages (decision 027). */
export const formMessageIds = defineMessages({
  fullNameRequired: /*i18n*/ { id: "form.fullNameRequired", message: "Please Enter Full Name" },
  emailInvalid: /*i18n*/ { id: "form.emailInvalid", message: "Must be a valid Email" },
  emailRequired: /*i18n*/ { id: "form.emailRequired", message: "Please Enter Email" },
  phoneRequired: /*i18n*/ { id: "form.phoneRequired", message: "Phone number is required" },
  phoneInvalid: /*i18n*/ {
    id: "form.phoneInvalid",
    message: "Invalid phone number. Please use the international format with a minimum of 9 digits.",
  },
  divisionRequired: /*i18n*/ { id: "form.divisionRequired", message: "Please select the division" },
  subjectRequired: /*i18n*/ { id: "form.subjectRequired", message: "Please select subject" },
  supportInquiryRequired: /*i18n*/ { id: "form.supportInquiryRequired", message: "Please Enter your Inquiry" },
  otpRequired: /*i18n*/ { id: "form.otpRequired", message: "Required" },
  otpInvalid: /*i18n*/ { id: "form.otpInvalid", message: "Verification code must be 4 digits" },
});

/** The English of each product §5 message (what the browser, route actions and zod say). */
export const formMessages = englishTexts(formMessageIds);

/** Subject options of the contact form (product §3): value and label (the spec gives one text for both). */
export const subjectOptions = [
  { value: "Service-Request", label: "Service-Request" },
  { value: "Inquiry", label: "Inquiry" },
  { value: "IT-Support", label: "IT-Support" },
  { value: "Issue", label: "Issue" },
  { value: "Feedback", label: "Feedback" },
  { value: "Other", label: "Other" },
] as const;
export type Subject = (typeof subjectOptions)[number]["value"];
export const subjectValues = subjectOptions.map((o) => o.value) as [Subject, ...Subject[]];

/** Division options of the contact form (product §3): value and label. */
export const divisionOptions = [
  { value: "Local-Transport", label: "Local-Transport" },
  { value: "Air-Shipping", label: "Air-Shipping" },
  { value: "Technology", label: "Technology" },
  { value: "Management", label: "Management" },
] as const;
export type Division = (typeof divisionOptions)[number]["value"];
export const divisionValues = divisionOptions.map((o) => o.value) as [Division, ...Division[]];

/** Verification code length (product §9). */
export const OTP_LENGTH = 4;

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/**
 * product §5 phone: a plus sign, then at least 10 digits in all (at least 9 digits plus a
 * final digit), with optional single spaces between digits. `+971 50 123 4567` passes;
 * `+97150123456` (11 digits) passes; `+971 5012345` (10 digits) passes; `+97150 1234`
 * (9 digits) fails; double spaces, a space after `+` or a trailing space fail.
 */
const PHONE_PATTERN = /^\+(?:\d ?){9,}\d$/;

/** True when `value` is a syntactically valid e-mail address (at most 254 characters). */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * A phone number as product §5's rule reads it: Latin digits (`latinDigits`), any space
 * other than U+0020 (no-break, thin, narrow no-break…) as a plain one, and direction marks
 * (the Arabic letter mark among them), isolates and zero-width characters dropped; so a
 * number pasted from a contact card or an Arabic page is the number it shows.
 */
export function phoneAsRead(value: string): string {
  return latinDigits(value)
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, " ")
    .replace(/[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g, "");
}

/** True when `value` follows product §5's international phone format, as read by `phoneAsRead`. */
export function isValidPhone(value: string): boolean {
  return value.length <= 40 && PHONE_PATTERN.test(phoneAsRead(value));
}

/** The product §5 message for an e-mail field, or undefined when it is valid. */
export function emailError(value: string | null | undefined): string | undefined {
  const v = (value ?? "").trim();
  if (!v) return formMessages.emailRequired;
  return isValidEmail(v) ? undefined : formMessages.emailInvalid;
}

/** The product §5 message for the phone field, or undefined when it is valid. */
export function phoneError(value: string | null | undefined): string | undefined {
  const v = (value ?? "").trim();
  if (!v) return formMessages.phoneRequired;
  return isValidPhone(v) ? undefined : formMessages.phoneInvalid;
}

/** The product §5 message for one verification-code box, or undefined when it holds one character. */
export function otpBoxError(value: string | null | undefined): string | undefined {
  return (value ?? "").trim() ? undefined : formMessages.otpRequired;
}

/**
 * The product §5 message for the joined verification code, or undefined when it is 4 digits
 * (Arabic keyboards' digits count: `latinDigits`).
 */
export function otpCodeError(value: string | null | undefined): string | undefined {
  const v = value ?? "";
  if (!v) return formMessages.otpRequired;
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(latinDigits(v)) ? undefined : formMessages.otpInvalid;
}

/**
 * Longest accepted text per free-text contact field, in characters. product §5 gives no
 * maximum; these sanity limits are shared by the inputs (`maxLength`), the browser
 * check, the page action and the API, so a too-long value is reported under its field.
 */
export const contactMaxLengths = { fullName: 200, applicableReference: 200, supportInquiry: 20_000 } as const;

/**
 * A text over its limit, as a catalogue message (decision 027): `{limit}` is the limit as
 * written (`20,000`: Latin digits and a thousands comma, the site's choice), `{max}` the
 * number, which picks the Arabic plural form.
 */
const tooLongMessageId = /*i18n*/ {
  id: "form.tooLong",
  message: "{max, plural, other {Must be at most {limit} characters}}",
};

/** The message for a text over its limit, with its values (`tooLongMessage` is its English). */
export function tooLongDescriptor(max: number): Message {
  return { ...tooLongMessageId, values: { max, limit: groupThousands(max) } };
}

/** The message for a text over its limit: 'Must be at most 20,000 characters'. */
export function tooLongMessage(max: number): string {
  return pluralText(`Must be at most ${groupThousands(max)} characters`, tooLongDescriptor(max));
}

/** The contact form's fields (product §3), as strings from a form. */
export const contactFields = [
  "fullName",
  "email",
  "phone",
  "subject",
  "division",
  "applicableReference",
  "supportInquiry",
] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactFormValues = Record<ContactField, string>;
export type ContactFormErrors = Partial<Record<ContactField, string>>;

/**
 * Validates the contact form as product §5 says (applicableReference is not validated,
 * beyond the shared `contactMaxLengths`). Answers one message per invalid field; an
 * empty object means valid.
 */
export function validateContactForm(
  values: Partial<Record<ContactField, string | null | undefined>>,
): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!(values.fullName ?? "").trim()) errors.fullName = formMessages.fullNameRequired;
  const email = emailError(values.email);
  if (email) errors.email = email;
  const phone = phoneError(values.phone);
  if (phone) errors.phone = phone;
  if (!subjectValues.includes((values.subject ?? "") as Subject)) errors.subject = formMessages.subjectRequired;
  if (!divisionValues.includes((values.division ?? "") as Division)) errors.division = formMessages.divisionRequired;
  if (!(values.supportInquiry ?? "").trim()) errors.supportInquiry = formMessages.supportInquiryRequired;
  for (const [field, max] of Object.entries(contactMaxLengths) as [keyof typeof contactMaxLengths, number][]) {
    if (!errors[field] && (values[field] ?? "").trim().length > max) errors[field] = tooLongMessage(max);
  }
  return errors;
}
