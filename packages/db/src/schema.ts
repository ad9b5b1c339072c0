/**
 * The database schema (Postgres dialect, architecture §3.3), one module per area under
 * `schema/`. Instants are `timestamptz` (UTC); money is integer fils (architecture §3.4).
 * Names follow the spec's field names in snake_case. This module is what drizzle-kit reads
 * (`drizzle.config.ts`) and what `createDb()` passes to Drizzle: every table is exported here.
 */

export * from "./schema/accounts.ts";
export * from "./schema/alerts.ts";
export * from "./schema/content.ts";
export * from "./schema/invoices.ts";
export * from "./schema/requests.ts";
