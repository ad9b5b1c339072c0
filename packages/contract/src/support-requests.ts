import { z } from "zod";
import { contactMaxLengths, divisionValues, formMessages, subjectValues, tooLongMessage } from "./contact-rules.ts";
import { defineEndpoint } from "./endpoint.ts";
import { minutesToWait, retryAfterMinutes } from "./envelope.ts";
import { emailSchema, phoneSchema, requiredTextSchema } from "./form-fields.ts";
import type { Message } from "./messages.ts";

/**
 * Body of `POST /supportRequests/` (product §3 Contact inquiry, §5 rules, §7): the
 * contact form's values. `sourceIsApp` false and `sourceIsWebsite` true from the site.
 * `website` is a honeypot: humans never see it; a filled one is treated as spam.
 */
export const supportRequestBodySchema = z.object({
  fullName: requiredTextSchema(formMessages.fullNameRequired, contactMaxLengths.fullName),
  email: emailSchema,
  phone: phoneSchema,
  subject: z.enum(subjectValues, { error: formMessages.subjectRequired }),
  division: z.enum(divisionValues, { error: formMessages.divisionRequired }),
  applicableReference: z
    .string()
    .trim()
    .max(contactMaxLengths.applicableReference, tooLongMessage(contactMaxLengths.applicableReference))
    .nullish()
    .transform((v) => (v ? v : null)),
  supportInquiry: requiredTextSchema(formMessages.supportInquiryRequired, contactMaxLengths.supportInquiry),
  sourceIsApp: z.boolean().default(false),
  sourceIsWebsite: z.boolean().default(true),
  website: z.string().max(200).optional(),
});

/**
 * The message of a 429 when the site's contact budgets are spent (submissions per hour,
 * bytes per day; product §9): everyone waits `retryAfterMs`, the same as `retry-after`.
 */
export function contactBusy(retryAfterMs: number): Message {
  const source = /*i18n*/ {
    id: "supportRequests.busy",
    message:
      "The contact form is receiving too many requests, please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}",
  };
  return { ...source, values: { minutes: retryAfterMinutes(retryAfterMs) } };
}

/** The English of `contactBusy(retryAfterMs)`. */
export function contactBusyMessage(retryAfterMs: number): string {
  return `The contact form is receiving too many requests, please try again in ${minutesToWait(retryAfterMs)}`;
}

/** Answer data of a support request: its human-friendly reference, e.g. `SR-2026-000123`. */
const supportRequestDataSchema = z.object({ reference: z.string() });

export const supportRequestEndpoints = {
  /** `POST /supportRequests/`: stores the inquiry and queues two e-mails (product §7). */
  create: defineEndpoint({
    method: "POST",
    path: "/supportRequests/",
    operationId: "createSupportRequest",
    body: supportRequestBodySchema,
    data: supportRequestDataSchema,
    message: /*i18n*/ { id: "supportRequests.created", message: "Support request submitted successfully" },
    summary: "Submit the contact form",
    tags: ["support"],
  }),
};
