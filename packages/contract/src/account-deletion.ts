import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { minutesToWait, retryAfterMinutes } from "./envelope.ts";
import { emailSchema, otpCodeSchema } from "./form-fields.ts";
import type { Message } from "./messages.ts";

/** Query of `GET /auth/ask-delete-account?email=` (product §7). */
export const askDeleteAccountQuerySchema = z.object({ email: emailSchema });

/** Body of `POST /auth/confrim-delete-account` (product §3: otpCode, the 4 digits joined, and email). */
export const confirmDeleteAccountBodySchema = z.object({ email: emailSchema, otpCode: otpCodeSchema });

/**
 * The ask step answers the same whether or not an account exists (architecture §3.7, no
 * enumeration): this message and `data: null`.
 */
export const askDeleteAccount: Message = /*i18n*/ {
  id: "accounts.codeAsked",
  message: "If an account exists for this e-mail, a verification code has been sent to it",
};

/** The message of every refused code (wrong, expired, used up or never sent). */
export const invalidCode: Message = /*i18n*/ {
  id: "accounts.invalidCode",
  message: "Invalid or expired verification code",
};

/**
 * The message of a 429 while deletion confirmations are paused site-wide after too many
 * wrong codes (product §9): everyone waits `retryAfterMs`, the same as `retry-after`.
 */
export function deletionPaused(retryAfterMs: number): Message {
  const source = /*i18n*/ {
    id: "accounts.deletionPaused",
    message:
      "Account deletion is paused after too many wrong verification codes, please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}",
  };
  return { ...source, values: { minutes: retryAfterMinutes(retryAfterMs) } };
}

/** The English of `deletionPaused(retryAfterMs)`. */
export function deletionPausedMessage(retryAfterMs: number): string {
  return `Account deletion is paused after too many wrong verification codes, please try again in ${minutesToWait(retryAfterMs)}`;
}

export const accountDeletionEndpoints = {
  /** `GET /auth/ask-delete-account`: e-mails a 4-digit code when the account exists. */
  ask: defineEndpoint({
    method: "GET",
    path: "/auth/ask-delete-account",
    operationId: "askDeleteAccount",
    changesState: true,
    query: askDeleteAccountQuerySchema,
    data: z.null(),
    message: askDeleteAccount,
    summary: "Ask for an account-deletion code",
    tags: ["accounts"],
  }),
  /** `POST /auth/confrim-delete-account` (spelled as in product §7): deletes the account's personal data. */
  confirm: defineEndpoint({
    method: "POST",
    path: "/auth/confrim-delete-account",
    operationId: "confirmDeleteAccount",
    body: confirmDeleteAccountBodySchema,
    data: z.null(),
    message: /*i18n*/ { id: "accounts.deleted", message: "Your Account has been deleted successfully!!" },
    summary: "Confirm account deletion with the e-mailed code",
    tags: ["accounts"],
  }),
};
