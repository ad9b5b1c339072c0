import { z } from "zod";
import { formMessages, isValidEmail, isValidPhone, OTP_LENGTH, tooLongMessage } from "./contact-rules.ts";

/**
 * Zod field schemas of product §5, built on the zod-free predicates and messages of
 * `contact-rules.ts` (conventions §2: small fields composed into request schemas).
 */

/** A required text: trimmed, the spec's message when missing or blank, capped at `max`. */
export function requiredTextSchema(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, tooLongMessage(max));
}

/** product §5 e-mail: 'Please Enter Email' when missing, 'Must be a valid Email' when malformed. */
export const emailSchema = z
  .string({ error: formMessages.emailRequired })
  .trim()
  .min(1, { error: formMessages.emailRequired, abort: true })
  .refine(isValidEmail, formMessages.emailInvalid);

/** product §5 phone: 'Phone number is required', then the international-format rule. */
export const phoneSchema = z
  .string({ error: formMessages.phoneRequired })
  .trim()
  .min(1, { error: formMessages.phoneRequired, abort: true })
  .refine(isValidPhone, formMessages.phoneInvalid);

/** product §5 verification code: 'Required' when empty, else exactly 4 digits. */
export const otpCodeSchema = z
  .string({
    // Missing is 'Required'; a number or any other non-string is not 4 digits.
    error: (issue) =>
      issue.input === undefined || issue.input === null ? formMessages.otpRequired : formMessages.otpInvalid,
  })
  .min(1, { error: formMessages.otpRequired, abort: true })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), formMessages.otpInvalid);
