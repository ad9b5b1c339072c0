import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { createDb, type Db, type DbHandle } from "./client.ts";

/**
 * Test databases (conventions §5): migrate once, then give each test file a fresh copy.
 * With `TEST_DATABASE_URL` and `TEST_DB=postgres`, each call clones a new PostgreSQL
 * database from the migrated template `preparePostgresTemplate` made (its name in
 * `POSTGRES_TEMPLATE`; dropped by `close`); otherwise a PGlite loaded from the migrated
 * template that `preparePgliteTemplate` wrote (path in `PGLITE_TEMPLATE`).
 */
export async function preparePgliteTemplate(file: string): Promise<void> {
  const handle = await createDb();
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

/**
 * Creates and migrates the PostgreSQL database `name` on TEST_DATABASE_URL's server, to be
 * cloned by `createTestDb` (`create database … template`, a file copy: no migration per
 * test file). Closes its own connections, as cloning needs the template unused. Returns
 * how to drop it. Throws without TEST_DATABASE_URL.
 */
export async function preparePostgresTemplate(name: string): Promise<() => Promise<void>> {
  const scratch = await createScratchPostgres(name);
  const handle = await createDb({ databaseUrl: scratch.url, poolSize: 3 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return scratch.drop;
}

export function testDbKind(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** A new, empty PostgreSQL database for one test (TEST_DATABASE_URL's server), and how to drop it. */
export interface ScratchPostgres {
  /** Its connection string. */
  url: string;
  /**
   * Drops it, waiting up to `waitMs` (default 10 000 ms) for the test's connections to
   * close first, then ending any left.
   */
  drop(waitMs?: number): Promise<void>;
}

/**
 * Creates the database `name` (default `t_<random>`) on TEST_DATABASE_URL's server: empty,
 * or a copy of the database `template` (throws without TEST_DATABASE_URL).
 */
export async function createScratchPostgres(
  name = `t_${randomBytes(6).toString("hex")}`,
  template?: string,
): Promise<ScratchPostgres> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("a PostgreSQL test needs TEST_DATABASE_URL");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A clone needs its template free of other sessions (55006): only a concurrent clone's
    // short copy can hold it here, so wait that out.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop(waitMs = 10_000) {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        // The test's pool (or a killed server's) may still have sockets closing. A plain
        // DROP refuses while any session is connected, but only after waiting 5 s inside
        // PostgreSQL, and forcing at once would send a closing session a FATAL 57P01 that
        // surfaces as an uncaught error. So wait here, polling every 50 ms for up to `waitMs`,
        // until no session is left; then drop with force, which only ends a session that
        // outlived the wait.
        const deadline = Date.now() + waitMs;
        while (Date.now() < deadline) {
          const { rows } = await again.query<{ sessions: number }>(
            "select count(*)::int as sessions from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0]?.sessions === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

export async function createTestDb(): Promise<DbHandle> {
  if (testDbKind() === "postgres") {
    const template = process.env.POSTGRES_TEMPLATE;
    const scratch = await createScratchPostgres(undefined, template);
    const handle = await createDb({ databaseUrl: scratch.url, poolSize: 5 });
    if (!template) await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const template = process.env.PGLITE_TEMPLATE;
  if (!template) {
    const handle = await createDb();
    await handle.migrate();
    return handle;
  }
  const blob = new Blob([await readFile(template)]);
  const pglite = await PGlite.create({ loadDataDir: blob });
  return createDb({ pglite });
}

/** A transaction-level advisory lock held by a test (`holdAdvisoryLock`). */
export interface HeldAdvisoryLock {
  /**
   * Resolves once the number of this database's sessions waiting on the lock has stayed the
   * same for three polls in a row (50 ms apart) and is at least `atLeast`; gives that number.
   * Throws, with the numbers seen, when that has not happened within 10 s.
   */
  settledWaiters(atLeast: number): Promise<number>;
  /** Ends the holding transaction (the waiters go on); safe to call twice. */
  release(): Promise<void>;
}

/**
 * Takes the advisory lock `key` (a bigint SQL expression, computed as the code under test
 * computes it, e.g. `hashtextextended('…', 0)`) in a transaction of its own on `db`, and holds
 * it until `release()`: for tests of what requests do while they wait on it, e.g. whether they
 * leave the rest of the site its pooled connections (architecture §3.7 "Connections").
 * PostgreSQL only: PGlite has one connection and runs one transaction at a time.
 */
export async function holdAdvisoryLock(db: Db, key: SQL): Promise<HeldAdvisoryLock> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let waiters!: () => Promise<number>;
  let holder!: Promise<void>;
  await new Promise<void>((taken, failed) => {
    holder = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
      waiters = async () => {
        const result = await tx.execute<{ n: number }>(
          // pg_locks is the whole server's: this database's waiters on that one key only.
          sql`select count(*)::int as n from pg_locks
              where locktype = 'advisory' and not granted
                and database = (select oid from pg_database where datname = current_database())
                and ((classid::bigint << 32) | objid::bigint) = (${key})::bigint`,
        );
        return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
      };
      taken();
      await released;
    });
    holder.catch(failed);
  });
  return {
    async settledWaiters(atLeast) {
      const counts: number[] = [];
      const deadline = Date.now() + 10_000;
      while (counts.length < 3 || new Set(counts.slice(-3)).size > 1 || (counts.at(-1) ?? 0) < atLeast) {
        if (Date.now() > deadline)
          throw new Error(`waiters on the lock never settled at ${atLeast} or more: ${counts.join(", ")}`);
        counts.push(await waiters());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return counts.at(-1) ?? 0;
    },
    async release() {
      release();
      await holder;
    },
  };
}
