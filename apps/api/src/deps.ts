import type { Env } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";
import type { AnswerCache } from "./http/cache.ts";
import type { Hasher } from "./secret-key.ts";

/** What the API modules need from their host: the database and the configuration. */
export interface ApiDeps {
  db: Db;
  dbKind: "pglite" | "postgres";
  env: Env;
  /**
   * The server-side cache of public list answers (`createAnswerCache`, decision 022), which
   * the host empties when content changes; without one every list is read from the database.
   */
  answers?: AnswerCache;
}

/**
 * What `apiRootPlugin` hands each module: the host's `ApiDeps` and the keyed hash of the
 * server secret (`loadSecretKey`), for anything stored about a person that must be
 * recognised again (architecture §3.7).
 */
export interface ModuleDeps extends ApiDeps {
  hasher: Hasher;
}
