import { z } from "zod";
import type { Message } from "./messages.ts";

/**
 * The provider API's response envelope (architecture §3.2): every answer is
 * `{ success, statusCode, message, data }`; errors carry no `data`.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    statusCode: z.number().int(),
    message: z.string(),
    data,
  });
}

/** List payloads: `data.rows` holds the page, `data.count` the total before paging (product §3). */
export function listDataSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), count: z.number().int().nonnegative() });
}

/** The error envelope every 4xx/5xx answer uses: `{ success: false, statusCode, message }`. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  message: z.string(),
});

/** The error envelope's shape (`errorEnvelopeSchema`). */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * The one way the API and the host write an error answer's body (decision 025):
 * `{ success: false, statusCode, message }` for HTTP status `statusCode` (a 4xx or 5xx).
 */
export function errorEnvelope(statusCode: number, message: string): ErrorEnvelope {
  return { success: false, statusCode, message };
}

/** A 400 answer to invalid input: the error envelope plus one `{ field, message }` per problem. */
export const validationErrorEnvelopeSchema = errorEnvelopeSchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The message of a 403 to a browser call made by another site or for a subresource (architecture §3.7). */
export const crossSiteRequest: Message = /*i18n*/ {
  id: "http.crossSite",
  message: "Cross-site requests are not allowed",
};

/**
 * The unit and count a 429's message gives a wait of `retryAfterMs` milliseconds in: up to 90
 * seconds in whole seconds (the same number as `retry-after`), up to 90 minutes in whole
 * minutes, a longer one in whole hours; rounded up, so the first count in a larger unit is 2.
 */
function waitOf(retryAfterMs: number): { unit: "seconds" | "minutes" | "hours"; count: number } {
  const seconds = retryAfterSeconds(retryAfterMs);
  if (seconds <= 90) return { unit: "seconds", count: seconds };
  const minutes = retryAfterMinutes(retryAfterMs);
  if (minutes <= 90) return { unit: "minutes", count: minutes };
  return { unit: "hours", count: Math.ceil(retryAfterMs / 3_600_000) };
}

/**
 * The message of a 429, the wait (`waitOf`) in seconds, in minutes (a site-wide pause, up to
 * an hour) or in hours (a deletion lock, a day or more), singular and plural as the language
 * has them ('1 second', not '1 seconds').
 */
export function tooManyRequests(retryAfterMs: number): Message {
  const { unit, count } = waitOf(retryAfterMs);
  const sources = {
    seconds: /*i18n*/ {
      id: "http.tooManyRequests",
      message: "Too many requests, please try again in {count, plural, one {{count} second} other {{count} seconds}}",
    },
    minutes: /*i18n*/ {
      id: "http.tooManyRequestsMinutes",
      message: "Too many requests, please try again in {count, plural, one {{count} minute} other {{count} minutes}}",
    },
    hours: /*i18n*/ {
      id: "http.tooManyRequestsHours",
      message: "Too many requests, please try again in {count, plural, one {{count} hour} other {{count} hours}}",
    },
  };
  return { ...sources[unit], values: { count } };
}

/** The English of `tooManyRequests(retryAfterMs)`. */
export function tooManyRequestsMessage(retryAfterMs: number): string {
  const { unit, count } = waitOf(retryAfterMs);
  return `Too many requests, please try again in ${count} ${count === 1 ? unit.slice(0, -1) : unit}`;
}

/** `retry-after` in whole seconds (at least 1) for a wait of `retryAfterMs` milliseconds. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** A wait of `retryAfterMs` milliseconds in whole minutes, at least 1 (site-wide pauses last up to an hour). */
export function retryAfterMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

/** 'N minute(s)' for a wait of `retryAfterMs` milliseconds. */
export function minutesToWait(retryAfterMs: number): string {
  const n = retryAfterMinutes(retryAfterMs);
  return `${n} ${n === 1 ? "minute" : "minutes"}`;
}
