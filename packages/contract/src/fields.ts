import { z } from "zod";
import { defineMessages, type MessageValue, validationText } from "./messages.ts";

/** Messages of the query and path fields, with the field's name as a value (decision 027). */
export const fieldMessages = defineMessages({
  notANumber: /*i18n*/ { id: "field.notANumber", message: "{name} must be a number" },
  notWhole: /*i18n*/ { id: "field.notWhole", message: "{name} must be a whole number" },
  atLeast: /*i18n*/ { id: "field.atLeast", message: "{name} must be at least {min}" },
  atMost: /*i18n*/ { id: "field.atMost", message: "{name} must be at most {max}" },
  notNegative: /*i18n*/ { id: "field.notNegative", message: "{name} must be 0 or more" },
  notPositive: /*i18n*/ { id: "field.notPositive", message: "{name} must be a positive number" },
  tooLarge: /*i18n*/ { id: "field.tooLarge", message: "{name} is too large" },
  notBoolean: /*i18n*/ { id: "field.notBoolean", message: "{name} must be true or false" },
  notOneOf: /*i18n*/ { id: "field.notOneOf", message: "{name} must be one of {values}" },
  repeated: /*i18n*/ { id: "field.repeated", message: "{name} must be given once" },
  invalid: /*i18n*/ { id: "field.invalid", message: "{name} is not valid" },
  required: /*i18n*/ { id: "field.required", message: "{name} is required" },
});

const say = (message: keyof typeof fieldMessages, values: Record<string, MessageValue>) =>
  validationText(fieldMessages[message], values);

/**
 * Small field schemas composed into request and response schemas (conventions §2).
 * Query-string and path values arrive as strings: the number helpers read decimal digits only.
 */

/**
 * A query string's or path's whole number as its schema reads it: decimal digits with an
 * optional minus become that number; a decimal fraction (`1.5`, `1.0`) is refused as
 * '{name} must be a whole number'; any other spelling (`0x10`, `1e3`, `+5`, ` 1`) stays text,
 * which the number schema refuses as '{name} must be a number'. So each value has one URL
 * (`Number()`, which `z.coerce` calls, took all of them), as the OpenAPI `integer` says.
 */
function wholeNumberFromText(name: string) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (typeof value !== "string") return value;
    if (/^-?\d+$/.test(value)) return Number(value);
    if (/^-?\d+\.\d+$/.test(value)) {
      ctx.addIssue({ code: "custom", message: say("notWhole", { name }) });
      return z.NEVER;
    }
    return value;
  };
}

/** A whole number named `name` in a query string or path (`wholeNumberFromText`), within `bounds`. */
function wholeNumberSchema(name: string, bounds: (whole: z.ZodNumber) => z.ZodNumber) {
  return z.preprocess(
    wholeNumberFromText(name),
    bounds(z.number({ error: say("notANumber", { name }) }).int(say("notWhole", { name }))),
  );
}

/** Page size in a query string: a whole number from 1 to `max`. */
export function limitSchema(max: number) {
  return wholeNumberSchema("limit", (whole) =>
    whole.min(1, say("atLeast", { name: "limit", min: 1 })).max(max, say("atMost", { name: "limit", max })),
  );
}

/** Offset in a query string: a whole number of rows to skip, 0 or more. */
export const offsetSchema = wholeNumberSchema("offset", (whole) =>
  whole.min(0, say("notNegative", { name: "offset" })).max(1_000_000, say("atMost", { name: "offset", max: 1000000 })),
);

/** A boolean flag sent in a query string as `true` or `false`. */
export function queryBooleanSchema(name: string) {
  return z
    .preprocess(
      (v) => (typeof v === "boolean" ? String(v) : v),
      z.enum(["true", "false"], { error: say("notBoolean", { name }) }),
    )
    .transform((value) => value === "true");
}

/** A positive database id in a path (`/blog/12`), at most the largest 32-bit serial. */
export const idParamSchema = wholeNumberSchema("id", (whole) =>
  whole.positive(say("notPositive", { name: "id" })).max(2_147_483_647, say("tooLarge", { name: "id" })),
);

/** The message of an enum field given another value: '{name} must be one of a, b' (a list value: "a، b" in Arabic). */
export function notOneOfText(name: string, values: readonly string[]): string {
  return say("notOneOf", { name, values });
}

/**
 * The message of a query field that takes one value given several times
 * (`?type=import&type=export`): '{name} must be given once'.
 */
export function repeatedText(name: string): string {
  return say("repeated", { name });
}

/**
 * The message of a field whose schema gave no message of the contract's (zod's own
 * 'Invalid input: expected boolean, received string'): '{name} is not valid'.
 */
export function invalidText(name: string): string {
  return say("invalid", { name });
}

/**
 * The message of a required field that was not given (absent, or `null`) where product §5
 * words none of its own: '{name} is required', as the spec's own 'Phone number is required'
 * and 'Invoice link is required' read. The API's error handler answers it for any such field
 * whose schema names no message (apps/api `fieldErrors`); a schema with a message of its own
 * for a wrong value says it with `requiredOr`.
 */
export function requiredText(name: string): string {
  return say("required", { name });
}

/**
 * A zod `error` for a required field named `name`: '{name} is required' (`requiredText`) when
 * it is absent or `null`, else `otherwise`, the field's message for a value of the wrong kind
 * (an enum's 'language must be en or ar'). So a missing field reads the same on every call.
 */
export function requiredOr(name: string, otherwise: string): (issue: { input?: unknown }) => string {
  const required = requiredText(name);
  return (issue) => (issue.input === undefined || issue.input === null ? required : otherwise);
}

/**
 * A required text that names something of the API's (a payment intent's id, a client
 * secret): trimmed, 1 to `max` characters. Absent, `null` or blank is '{name} is required'
 * (blank counts as not given, as product §5's required texts do); another type or a longer
 * text is '{name} is not valid'.
 */
export function requiredStringSchema(name: string, max: number) {
  const invalid = invalidText(name);
  return z
    .string({ error: requiredOr(name, invalid) })
    .trim()
    .min(1, { error: requiredText(name), abort: true })
    .max(max, invalid);
}

/** An ISO-8601 timestamp on the wire (UTC); `null` when the value is absent. */
export const isoDateTimeSchema = z.string().datetime({ offset: true });

/**
 * The language an item's texts are in (decision 016): `ar` when the request asked for Arabic
 * (`language: ar`) and the item has an Arabic version, `en` otherwise — the website then marks
 * the item `lang="en"` inside an Arabic page. Optional: the provider API may not send it.
 */
export const contentLanguageSchema = z
  .enum(["en", "ar"])
  .nullish()
  .describe("The language of this item's texts: ar when Arabic was asked for and exists, else en");

/**
 * Whether a show or flight is on the website, so has a page of its own (product §2, "Show and
 * flight pages"): lists without the `showOnWebsite` filter (home's shows, `/flights`) carry
 * rows that have none. Optional: a provider API that does not send it leaves every card its link.
 */
export const showOnWebsiteSchema = z
  .boolean()
  .nullish()
  .describe("Whether the item is shown on the website: only then does it have a page of its own");

/** An airport or venue code object as the provider API sends it (`place.code`, `departureAirport.code`). */
export const codeRefSchema = z.object({ code: z.string(), name: z.string().nullish() });
