import { z } from "zod";

/**
 * Small field schemas composed into request and response schemas (conventions §2).
 * Query-string values arrive as strings, so the query helpers coerce.
 */

/** Page size in a query string: a whole number from 1 to `max`. */
export function limitSchema(max: number) {
  return z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`);
}

/** Offset in a query string: a whole number of rows to skip, 0 or more. */
export const offsetSchema = z.coerce
  .number({ error: "offset must be a number" })
  .int("offset must be a whole number")
  .min(0, "offset must be 0 or more")
  .max(1_000_000, "offset must be at most 1000000");

/** A boolean flag sent in a query string as `true` or `false`. */
export function queryBooleanSchema(name: string) {
  return z
    .preprocess(
      (v) => (typeof v === "boolean" ? String(v) : v),
      z.enum(["true", "false"], { error: `${name} must be true or false` }),
    )
    .transform((value) => value === "true");
}

/** A positive database id in a path (`/blog/12`), at most the largest 32-bit serial. */
export const idParamSchema = z.coerce
  .number({ error: "id must be a number" })
  .int("id must be a whole number")
  .positive("id must be a positive number")
  .max(2_147_483_647, "id is too large");

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

/** An airport or venue code object as the provider API sends it (`place.code`, `departureAirport.code`). */
export const codeRefSchema = z.object({ code: z.string(), name: z.string().nullish() });
