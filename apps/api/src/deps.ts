import type { Env } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";

/** What the API modules need from their host: the database and the configuration. */
export interface ApiDeps {
  db: Db;
  dbKind: "pglite" | "postgres";
  env: Env;
}
