import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export { schema };

/** The Drizzle database both drivers give (Postgres dialect). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle of `Db` (same query API). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (idempotent; serialised by an advisory lock on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** Folder of the embedded database (PGlite keeps its files in `<dataDir>/pglite`). */
  dataDir?: string;
  /** An already-open PGlite (tests load a migrated template into one). */
  pglite?: PGlite;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
}

/**
 * Opens the database (architecture §3.3): PostgreSQL when `databaseUrl` is given, otherwise
 * PGlite on disk under `dataDir` (created if missing) or in memory when neither is
 * given. Does not migrate: call `migrate()`.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(724031)");
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock(724031)").catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) {
      const dir = path.resolve(options.dataDir, "pglite");
      mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir);
    } else {
      client = await PGlite.create();
    }
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite({ client: pglite, schema }), { migrationsFolder });
    },
    close: () => pglite.close(),
  };
}

/** Answers when the database is reachable; throws otherwise. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
