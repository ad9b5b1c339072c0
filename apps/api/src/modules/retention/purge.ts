import type { Db, DbHandle } from "@khayl/db/client";
import { type SQL, sql } from "drizzle-orm";
import { logRoundFailure } from "../../http/outage-log.ts";
import { purgeUnconfirmedAlerts } from "../alerts/service.ts";
import { purgeOldMailFiles } from "../mail/transport.ts";
import { anonymiseSupportRequestsOlderThan } from "../support-requests/repository.ts";

/**
 * How long what the retention purge removes is kept (architecture §3.7, decision 014).
 * Delivered mail stays a week for questions about delivery; a mail never sent is given up
 * after at most ~6 h of retries and kept a month with its last error; an address's
 * count of wrong deletion codes is kept a year after its last wrong code (the lock's
 * escalation remembers that long); a support request's sender (name, e-mail, phone,
 * inquiry) is kept two years, as the privacy policy says, counted from the day it was sent.
 */
const RETENTION = {
  deliveredMailDays: 7,
  undeliveredMailDays: 30,
  deletionLockDays: 365,
  supportRequestDays: 730,
} as const;

/** Rows deleted per statement, so one round never holds long locks on a large backlog. */
const BATCH = 5_000;

/** What one purge deleted, per kind of row. */
export interface PurgeResult {
  rateLimits: number;
  codes: number;
  expiredCodeMails: number;
  deliveredMails: number;
  undeliveredMails: number;
  deletionLocks: number;
  /** Alert requests left unconfirmed for 7 days (decision 028). */
  unconfirmedAlerts: number;
  /** Support requests anonymised two years after they were sent. */
  supportRequests: number;
  /** The demo file outbox's `.eml` files older than delivered mail is kept (`purgeOldMailFiles`). */
  mailFiles: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Deletes, in batches of `BATCH`, the rows of `table` (by `key`) that `where` selects; answers
 * how many. Stops at a batch that deletes nothing: a short one may only mean that another
 * instance's purge deleted some of the same rows at that moment, with more still to go.
 */
async function deleteInBatches(db: Db, table: SQL, key: SQL, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${BATCH})
      returning 1 as one
    `);
    const deleted = rowsOf<{ one: number }>(result).length;
    total += deleted;
    if (deleted === 0) return total;
  }
}

/**
 * The scheduled retention purge (architecture §3.7), off the request path; each statement
 * uses an index (migration 0003): ended rate-limit windows (`rate_limits_reset_at_idx`),
 * expired verification codes (`verification_codes_expires_at_idx`), code mails whose code
 * expired before they were sent, mail delivered more than `RETENTION.deliveredMailDays`
 * ago and mail never delivered after `RETENTION.undeliveredMailDays` (all three by
 * `outbox_pending_idx`, which starts with `sent_at`), and wrong-code counts
 * (`deletion_locks_last_wrong_at_idx`) idle for `RETENTION.deletionLockDays` and not
 * locked; and anonymises support requests sent more than `RETENTION.supportRequestDays`
 * ago (`support_requests_unerased_created_at_idx`); and, given the `dataDir` of a server
 * whose mail goes to files, deletes `.eml` files as old as the delivered mail it purges.
 * Safe to run on several instances at once.
 */
export async function purgeExpired(db: Db, dataDir?: string): Promise<PurgeResult> {
  const rateLimits = await deleteInBatches(db, sql`rate_limits`, sql`key`, sql`reset_at < now()`);
  const codes = await deleteInBatches(db, sql`verification_codes`, sql`id`, sql`expires_at < now()`);
  const expiredCodeMails = await deleteInBatches(
    db,
    sql`outbox`,
    sql`id`,
    sql`expires_at is not null and expires_at <= now() and sent_at is null`,
  );
  const deliveredMails = await deleteInBatches(
    db,
    sql`outbox`,
    sql`id`,
    sql`sent_at < now() - make_interval(days => ${RETENTION.deliveredMailDays})`,
  );
  const undeliveredMails = await deleteInBatches(
    db,
    sql`outbox`,
    sql`id`,
    sql`sent_at is null and created_at < now() - make_interval(days => ${RETENTION.undeliveredMailDays})`,
  );
  const deletionLocks = await deleteInBatches(
    db,
    sql`deletion_locks`,
    sql`email_hash`,
    sql`last_wrong_at < now() - make_interval(days => ${RETENTION.deletionLockDays})
      and (locked_until is null or locked_until < now())`,
  );
  // Alert requests never confirmed within 7 days (decision 028).
  const unconfirmedAlerts = await purgeUnconfirmedAlerts(db);
  let supportRequests = 0;
  for (;;) {
    const anonymised = await anonymiseSupportRequestsOlderThan(db, RETENTION.supportRequestDays, BATCH);
    supportRequests += anonymised;
    if (anonymised < BATCH) break;
  }
  return {
    rateLimits,
    codes,
    expiredCodeMails,
    deliveredMails,
    undeliveredMails,
    deletionLocks,
    unconfirmedAlerts,
    supportRequests,
    mailFiles: dataDir ? await purgeOldMailFiles(dataDir, RETENTION.deliveredMailDays) : 0,
  };
}

/**
 * The tables `purgeExpired` deletes from, which `maintainEmbedded` vacuums (`rate_limits`
 * and `outbox` also have rows updated in place: each update leaves a dead row version).
 */
const PURGED_TABLES = [
  "rate_limits",
  "verification_codes",
  "outbox",
  "deletion_locks",
  "alert_subscriptions",
  "support_requests",
] as const;

/**
 * The upkeep an embedded PGlite gets from no one else (architecture §3.7 Retention): it has
 * no autovacuum and no checkpointer, so, while the process ran, dead rows stayed in the
 * tables and the write-ahead log grew with every write (a PostgreSQL server does both by
 * itself: never call this there). Runs `VACUUM` of each purged table (`PURGED_TABLES`: the
 * space of deleted and updated rows is reused, and empty pages at a table's end given
 * back), then `CHECKPOINT` (the write-ahead log before it is recycled instead of kept).
 * Plain VACUUM visits only pages changed since the last (the visibility map) and takes no
 * lock that stops reads or writes; both take milliseconds on the tables a site keeps.
 */
async function maintainEmbedded(db: Db): Promise<void> {
  for (const table of PURGED_TABLES) await db.execute(sql.raw(`vacuum ${table}`));
  await db.execute(sql`checkpoint`);
}

export interface RetentionJob {
  /** Runs `purgeExpired` now and then every `intervalMs` (idempotent). */
  start(): void;
  /** Stops the schedule and waits for a round under way. */
  stop(): Promise<void>;
}

/**
 * Schedules `purgeExpired` (started by the host beside the mail worker when the API runs
 * in-process): a first round at once, then one every `intervalMs` (default 10 minutes).
 * On an embedded PGlite (`kind`), each round then vacuums the purged tables and
 * checkpoints (`maintainEmbedded`), logged at debug with how long it took. A failed round
 * is logged (`logRoundFailure`: by the database's outage when it is away) and the next one
 * tried on schedule.
 */
export function createRetentionJob(options: {
  db: Db;
  /** The database's kind (`DbHandle.kind`): only PGlite gets `maintainEmbedded`. */
  kind: DbHandle["kind"];
  /** `DATA_DIR`: the demo file outbox's `.eml` files are purged too (`purgeExpired`). */
  dataDir?: string;
  log: {
    debug(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  };
  intervalMs?: number;
}): RetentionJob {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const round = () => {
    running = purgeExpired(options.db, options.dataDir)
      .then(async (result) => {
        if (Object.values(result).some((n) => n > 0)) options.log.info({ purged: result }, "retention purge");
        if (options.kind !== "pglite") return;
        const started = performance.now();
        await maintainEmbedded(options.db);
        options.log.debug(
          { ms: Math.round(performance.now() - started) },
          "embedded database vacuumed and checkpointed",
        );
      })
      .catch((error: unknown) => logRoundFailure(options.db, options.log, error, "retention purge failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(round, intervalMs);
          timer.unref?.();
        }
      });
  };
  return {
    start() {
      if (timer || running || stopped) return;
      round();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
