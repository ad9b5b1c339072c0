import { z } from "zod";
import { formMessages, isValidEmail, isValidPhone, OTP_LENGTH, phoneAsRead, tooLongMessage } from "./contact-rules.ts";
import { latinDigits } from "./digits.ts";

/**
 * Zod field schemas of product §5, built on the zod-free predicates and messages of
 * `contact-rules.ts` (conventions §2: small fields composed into request schemas).
 */

/** A required text: trimmed, the spec's message when missing or blank, capped at `max`. */
export function requiredTextSchema(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, tooLongMessage(max));
}

/**
 * True for an address the site may mail and write in a header (`To`, the support team's
 * `Reply-To`): valid by product §5's rule (`isValidEmail`), and without `=?`, the opening
 * of a MIME encoded-word (RFC 2047), which a mail program may decode into another address
 * (`=?utf-8?q?x=40evil.example=3e=20?=@example.com`). The browser's rule (`emailError`)
 * stays as it is (the form pages' first-visit bytes): such an address is refused by the API.
 */
function isMailableEmail(value: string): boolean {
  return isValidEmail(value) && !value.includes("=?");
}

/**
 * product §5 e-mail: 'Please Enter Email' when missing, 'Must be a valid Email' when
 * malformed or holding a MIME encoded-word (`isMailableEmail`).
 */
export const emailSchema = z
  .string({ error: formMessages.emailRequired })
  .trim()
  .min(1, { error: formMessages.emailRequired, abort: true })
  .refine(isMailableEmail, formMessages.emailInvalid);

/** Arabic keyboards' digits as Latin ones (`latinDigits`), before a field's rules read it. */
const withLatinDigits = (value: unknown) => (typeof value === "string" ? latinDigits(value) : value);

/**
 * product §5 phone: 'Phone number is required', then the international-format rule; digits
 * typed on an Arabic keyboard are kept as Latin digits, other spaces read as spaces and
 * direction marks dropped (`phoneAsRead`).
 */
export const phoneSchema = z.preprocess(
  (value: unknown) => (typeof value === "string" ? phoneAsRead(value) : value),
  z
    .string({ error: formMessages.phoneRequired })
    .trim()
    .min(1, { error: formMessages.phoneRequired, abort: true })
    .refine(isValidPhone, formMessages.phoneInvalid),
);

/**
 * product §5 verification code: 'Required' when empty, else exactly 4 digits; digits typed on
 * an Arabic keyboard are read as Latin digits.
 */
export const otpCodeSchema = z.preprocess(
  withLatinDigits,
  z
    .string({
      // Missing is 'Required'; a number or any other non-string is not 4 digits.
      error: (issue) =>
        issue.input === undefined || issue.input === null ? formMessages.otpRequired : formMessages.otpInvalid,
    })
    .min(1, { error: formMessages.otpRequired, abort: true })
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), formMessages.otpInvalid),
);
