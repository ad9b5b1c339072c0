import { accessSync, chmodSync, constants, existsSync, mkdirSync } from "node:fs";
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
import { lockDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

/** The Drizzle database both drivers give (Postgres dialect). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle of `Db` (same query API). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations, idempotently, holding the start-up lock (see `exclusively`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock: on PostgreSQL a session advisory lock
   * (`STARTUP_LOCK_KEY`) that every instance takes for its migrations and demo seed, so
   * N instances starting together on one database take turns (architecture §2 scale-out);
   * PGlite belongs to one process (`createDb` refuses a folder another process holds) and
   * needs none. The lock is released when `work`
   * settles, or by PostgreSQL if the process dies holding it.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls `onNotice` with the payload of each notification on `channel` (PostgreSQL
   * LISTEN/NOTIFY; PGlite's own within its process), e.g. `content_changed` (migration
   * 0006). On PostgreSQL one connection of its own listens and reconnects after a failure,
   * every 5 s until it succeeds; a notice sent while it is away is lost, so once reconnected
   * it calls `onNotice("")` once, as if something changed (decision 017). Answers a function
   * that stops listening (a connection still being made is then closed, not kept).
   */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * The last query (PGlite's, or a pooled PostgreSQL connection's) that failed for want of
   * disk space or memory (SQLSTATE 53100, 53200: `isResourceExhausted`): its code and when,
   * by `performance.now()`; undefined when none did. A full disk still answers `select 1`,
   * so readiness answers 503 for a while after one (apps/server probes).
   */
  lastResourceFailure(): { code: string; at: number } | undefined;
  close(): Promise<void>;
}

/**
 * How long a query waits for a PostgreSQL connection (a new one, or a pooled one to come
 * free), in ms: past it the query fails with a connection error, which the API answers
 * with a 503 (`isDatabaseUnavailable`), so a request during an outage fails within 2 s.
 */
const CONNECT_TIMEOUT_MS = 1_500;

/** The advisory lock key of migrations and the demo seed (any fixed bigint; ours spells "khayl"). */
const STARTUP_LOCK_KEY = 724031;

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
  /** Told when PostgreSQL drops an idle pooled connection (the pool recovers by itself). */
  onIdleError?: (error: Error) => void;
  /** Another folder of migrations than the committed one (tests of an older database). */
  migrationsFolder?: string;
  /** PostgreSQL: how long `listen` waits before reconnecting after a failure, in ms (default 5 000; tests). */
  listenRetryMs?: number;
  /**
   * PGlite: told, once, of an error after which the embedded database cannot go on
   * (`isBeyondRepair`: severity PANIC or FATAL, e.g. a full disk under `pg_wal`, or its
   * WebAssembly aborted), before anything else reaches it: the host logs it and exits 1
   * so that a supervisor restarts the process (left running, the next query spun at 100%
   * CPU for good and SIGTERM was never heard). The query's caller still gets the error.
   */
  onFatal?: (error: unknown) => void;
}

/**
 * Opens the database (architecture §3.3): PostgreSQL when `databaseUrl` is given, otherwise
 * PGlite on disk under `dataDir` (created if missing) or in memory when neither is
 * given. Does not migrate: call `migrate()`. PGlite on disk is this process's alone until
 * `close()`: throws `DataDirInUseError` (`data-dir-lock.ts`) while another live process
 * has `dataDir` open, and the file system's error (EACCES, ENOTDIR, …) when `dataDir`
 * cannot be made or written.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    // While PostgreSQL is away a request must fail fast, never hang (decision 023): a
    // connection, or a free pooled one, that cannot be had within CONNECT_TIMEOUT_MS fails
    // the query (pg waits for ever by default), and TCP keep-alive finds a connection whose
    // peer vanished without a word (a cut network) instead of waiting on it for good.
    const resources = resourceWatch();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Instants come back in UTC whatever the server's or role's TimeZone: in a zone such
      // as Asia/Dubai an instant before 1920 comes with a local mean time offset
      // (+03:41:12) no JavaScript Date reads.
      options: "-c TimeZone=UTC",
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection the server drops (restart, failover) is reported here; without a
    // listener it would crash the process. The next query opens a new connection, and the
    // readiness check reports the outage meanwhile.
    pool.on("error", (error) => options.onIdleError?.(error));
    // A connection lost while checked out (a transaction under way, or a query) emits its
    // error on the client, where pg-pool keeps no listener: without one it would crash the
    // process. The query under way rejects with the same error, which its request answers
    // (503) and logs; the pool discards the broken connection when it is released.
    pool.on("connect", (client) => {
      client.on("error", () => undefined);
      watchPgClient(client, resources);
    });
    const pgDb = drizzlePg({ client: pool, schema });
    const db = pgDb as unknown as Db;
    async function exclusively<T>(work: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {
          broken = true;
        });
        // A connection whose unlock failed may still hold the lock: end it rather than pool it.
        client.release(broken);
      }
    }
    const listeners = new Set<pg.Client>();
    const retryMs = options.listenRetryMs ?? 5_000;
    async function listen(channel: string, onNotice: (payload: string) => void) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let reconnecting = false;
      const retryLater = () => {
        if (stopped) return;
        clearTimeout(retry);
        // A pending retry never keeps the process alive on its own.
        retry = setTimeout(() => void connect().catch(() => undefined), retryMs).unref();
      };
      const connect = async () => {
        const next = new pg.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        });
        next.on("notification", (message) => {
          if (message.channel === channel) onNotice(message.payload ?? "");
        });
        next.on("error", (error) => {
          options.onIdleError?.(error);
          listeners.delete(next);
          if (client === next) client = undefined;
          next.end().catch(() => undefined);
          retryLater();
        });
        try {
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          next.end().catch(() => undefined);
          retryLater();
          throw error;
        }
        // Stopped while this connection was being made: it is not kept.
        if (stopped) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        listeners.add(next);
        // Notices sent while no connection listened are lost: tell the caller once that it may have missed some.
        if (reconnecting) onNotice("");
      };
      await connect().catch((error: Error) => options.onIdleError?.(error));
      reconnecting = true;
      return async () => {
        stopped = true;
        clearTimeout(retry);
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => undefined);
        }
      };
    }
    return {
      db,
      kind: "postgres",
      listen,
      migrate: () =>
        exclusively(() => migratePg(pgDb, { migrationsFolder: options.migrationsFolder ?? migrationsFolder })),
      exclusively,
      lastResourceFailure: resources.last,
      async close() {
        await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
        await pool.end();
      },
    };
  }
  let client = options.pglite;
  let unlock = () => {};
  if (!client) {
    if (options.dataDir) {
      const dir = path.resolve(options.dataDir, "pglite");
      // Its user's alone, also when an older start made it open to all: the write-ahead
      // log keeps what rows held before an erasure or a redaction (architecture §3.7).
      makeFolder(dir);
      chmodSync(dir, 0o700);
      unlock = lockDataDir(options.dataDir);
      try {
        client = await PGlite.create(dir);
      } catch (error) {
        unlock();
        throw error;
      }
    } else {
      client = await PGlite.create();
    }
  }
  const pglite = client;
  const health = watchPglite(pglite, options.onFatal);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite({ client: pglite, schema }), {
        migrationsFolder: options.migrationsFolder ?? migrationsFolder,
      });
    },
    exclusively: (work) => work(),
    lastResourceFailure: health.lastResourceFailure,
    async listen(channel, onNotice) {
      const stop = await pglite.listen(channel, onNotice);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    async close() {
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Makes `dir` and the folders above it, for its user alone (0700). Throws the file system's
 * error; where a recursive `mkdir` says only ENOENT (on a read-only file system it does, for
 * the first folder it could not make), the error of writing to the nearest folder that
 * exists (EROFS, EACCES), which says what to fix (`databaseOpenProblem`).
 */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
    let existing = path.dirname(dir);
    while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
    accessSync(existing, constants.W_OK);
    throw error;
  }
}

/**
 * Watches every query of `pglite` (each goes through `execProtocol` or
 * `execProtocolStream`, inside a transaction too): keeps the last failure for want of disk
 * space or memory (`isResourceExhausted`), and tells `onFatal`, once, of an error beyond
 * repair (`isBeyondRepair`) before the error goes on to its caller (a transaction's
 * ROLLBACK would be the next query).
 */
function watchPglite(pglite: PGlite, onFatal: ((error: unknown) => void) | undefined) {
  const resources = resourceWatch();
  let fatal = false;
  const observe = (error: unknown) => {
    resources.observe(error);
    if (!fatal && isBeyondRepair(error)) {
      fatal = true;
      onFatal?.(error);
    }
  };
  const execProtocol = pglite.execProtocol.bind(pglite);
  pglite.execProtocol = (...args) =>
    execProtocol(...args).catch((error: unknown) => {
      observe(error);
      throw error;
    });
  const execProtocolStream = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = (...args) =>
    execProtocolStream(...args).catch((error: unknown) => {
      observe(error);
      throw error;
    });
  return { lastResourceFailure: resources.last };
}

/**
 * The last query failure for want of disk space or memory (`resourceExhaustedCode`) of one
 * database, with the `performance.now()` it was seen at: `observe` every failed query's error,
 * `last` answers `DbHandle.lastResourceFailure`.
 */
function resourceWatch() {
  let last: { code: string; at: number } | undefined;
  return {
    observe(error: unknown) {
      const code = resourceExhaustedCode(error);
      if (code) last = { code, at: performance.now() };
    },
    last: () => last,
  };
}

/**
 * Watches every query of a pooled PostgreSQL connection (drizzle's through `pool.query`,
 * which hands `client.query` a callback, and inside a transaction, which takes its promise)
 * for a failure for want of disk space or memory, as `watchPglite` does for PGlite: a PostgreSQL whose disk is full still answers
 * `select 1`, so readiness learns of it only from the queries that failed. The caller's
 * promise is the one `query` returned, rejecting as before.
 */
function watchPgClient(client: pg.PoolClient, resources: ReturnType<typeof resourceWatch>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg's `query` has a dozen overloads; this wrapper passes every call through unchanged.
  client.query = ((...args: unknown[]) => {
    // The pool's own `pool.query` passes a callback as the last argument; drizzle's
    // transactions take the promise.
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) resources.observe(error);
        return callback(error, ...rest);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch((error: unknown) => resources.observe(error));
    return result;
  }) as typeof client.query;
}

/** The errors of `error`'s chain: itself, its `cause`s and an `AggregateError`'s `errors` (at most 5 deep). */
function* errorChain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (typeof error !== "object" || error === null || depth > 5) return;
  const node = error as Record<string, unknown>;
  yield node;
  if (Array.isArray(node.errors)) for (const inner of node.errors) yield* errorChain(inner, depth + 1);
  yield* errorChain(node.cause, depth + 1);
}

/** SQLSTATEs of a database short of a resource: 53100 (disk full), 53200 (out of memory). */
const EXHAUSTED_SQLSTATE = /^53[12]00$/;

/** The SQLSTATE (53100 or 53200) when `error`, or one in its chain, says the database is out of disk space or memory. */
function resourceExhaustedCode(error: unknown): string | undefined {
  for (const node of errorChain(error))
    if (typeof node.code === "string" && EXHAUSTED_SQLSTATE.test(node.code)) return node.code;
  return undefined;
}

/**
 * Whether `error` (or one in its chain) says the database is out of disk space (SQLSTATE
 * 53100, "could not extend file") or memory (53200): a full `DATA_DIR` under PGlite.
 * The API answers it as an outage (503, `isDatabaseUnavailable`), not a 500.
 */
export function isResourceExhausted(error: unknown): boolean {
  return resourceExhaustedCode(error) !== undefined;
}

/**
 * Whether `error` (or one in its chain) leaves the embedded PGlite unusable: a server
 * error of severity PANIC or FATAL (PGlite is a single backend: it does not recover from
 * either), or its WebAssembly aborted (`WebAssembly.RuntimeError`).
 */
export function isBeyondRepair(error: unknown): boolean {
  for (const node of errorChain(error)) {
    if (node.severity === "PANIC" || node.severity === "FATAL") return true;
    if (node instanceof WebAssembly.RuntimeError) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a database that is away or cannot take more, not of a query that is wrong:
 * class 08 (connection exception), 57P01–57P03 (shut down by an administrator, crashed,
 * not accepting connections yet), 53300 (too many connections), and 53100 and 53200 (out
 * of disk space or memory: `isResourceExhausted`).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53[123]00)$/;
/** Socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** Messages node-postgres gives, without a code, to a connection that timed out or ended. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

/**
 * Whether `error` (or any error in its `cause` chain, or among an `AggregateError`'s
 * `errors`) says the database cannot be reached right now — refused, reset, timed out,
 * shutting down, out of disk space or memory — rather than that a query failed (decision
 * 023). The API answers such errors with 503 and `retry-after` instead of 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Answers when the database is reachable; throws otherwise. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
