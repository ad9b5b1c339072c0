import { randomBytes } from "node:crypto";
import { type Env, parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { createTestDb } from "@khayl/db/testing";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { AppLogger } from "./http/log.ts";
import { type Sealer, secretKeysOf } from "./secret-key.ts";

export interface TestApi {
  app: FastifyInstance;
  database: DbHandle;
  env: Env;
  /** The sealer of the API's server secret: what a mail worker for this API opens its mails with. */
  sealer: Sealer;
  close(): Promise<void>;
}

/**
 * The real API on a fresh test database (PGlite from the migrated template, or a new
 * PostgreSQL database when TEST_DB=postgres), for integration tests through
 * `app.inject` (fastify/demo). `envOverrides` are applied over the default config; the API
 * logs nothing unless given a `logger`.
 */
export async function createTestApi(
  envOverrides: Record<string, string> = {},
  options: { logger?: AppLogger } = {},
): Promise<TestApi> {
  const database = await createTestDb();
  // A secret of its own, so no test writes the demo's key file under DATA_DIR.
  const env = parseEnv({ DATA_DIR: "./data/test", SECRET_KEY: randomBytes(32).toString("hex"), ...envOverrides });
  const app = await buildApp({ db: database.db, env }, options);
  return {
    app,
    database,
    env,
    sealer: secretKeysOf(env.SECRET_KEY ?? "").sealer,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
