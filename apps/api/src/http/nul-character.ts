import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";
import { nulCharacter } from "./messages.ts";

/** Nesting read at most (the contract's bodies are two levels deep; deeper input is not ours). */
const MAX_DEPTH = 8;

/**
 * The dotted name of the first string in `value` that holds U+0000 (`fullName`,
 * `lines.2.text`), `query`/`body` for a bare string, or undefined when there is none.
 */
export function fieldWithNul(value: unknown, name: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? name : undefined;
  if (depth >= MAX_DEPTH || value === null || typeof value !== "object" || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNul(item, depth === 0 ? key : `${name}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A `preValidation` hook of the API (architecture §3.2): a request whose query, params or
 * body holds the NUL character (U+0000) anywhere is a 400 naming the field (in the message and
 * in `errors`, as a validation error lists it). PostgreSQL's
 * text columns cannot store it, so it would otherwise reach the database and fail there
 * as a 500 (a contact form's name, a payment intent id in a rate-limit key).
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ["params", request.params],
    ["query", request.query],
    ["body", request.body],
  ] as const) {
    const field = fieldWithNul(value, part);
    if (field) throw new HttpError(400, nulCharacter(field), {}, field);
  }
}
