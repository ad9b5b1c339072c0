import { z } from "zod";

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

/** A 400 answer to invalid input: the error envelope plus one `{ field, message }` per problem. */
export const validationErrorEnvelopeSchema = errorEnvelopeSchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
