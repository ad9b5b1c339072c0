import { type SQL, sql } from "drizzle-orm";
import { jsonb, timestamp } from "drizzle-orm/pg-core";

/**
 * Column builders every table of the schema shares (architecture §3.3): instants are
 * `timestamptz` (UTC), read and written as `Date`.
 *
 * @param name - the column's snake_case name
 */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** `created_at timestamptz not null default now()`, the creation instant of a row. */
export const createdAt = () => ts("created_at").notNull().defaultNow();

/**
 * `<column> in ('a', 'b', …)` from one of the contract's value lists (`payment-values.ts`), for
 * CHECK constraints and partial indexes: the database refuses what the API's enums refuse.
 * The values are our own constants (lower-case words), quoted as SQL literals.
 */
export function isIn(column: string, values: readonly string[]): SQL {
  return sql.raw(`${column} in (${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")})`);
}

/**
 * Other-language versions of a row's texts (decision 016): `{ ar: { field: text } }`, the
 * English ones being the row's own columns. An item with no Arabic version, or only part
 * of it, is served in English (the API marks it so).
 */
export const translations = <T>() =>
  jsonb("translations").$type<{ ar?: Partial<T> }>().notNull().default(sql`'{}'::jsonb`);
