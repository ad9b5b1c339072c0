import { isDatabaseUnavailable, isResourceExhausted } from "@khayl/db/client";

/** The part of a logger (pino's, Fastify's `request.log`) an outage log writes to. */
export interface OutageLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** How often an outage's summary line is written, at most, in ms (and how long without a failure ends it). */
const SUMMARY_INTERVAL_MS = 60_000;

/**
 * One kind of failure that comes in floods while something is away (the database, the
 * API behind the pages), logged by the outage instead of by the failure (decision 023).
 * During an outage every failing request used to log its error with its stack: 2.5–3.5 KB
 * a request, about 5 GB an hour at 500 failing requests a second.
 */
export interface OutageLog {
  /**
   * Counts one failure. The first of an outage is logged at once, at warn, to `log` (the
   * request's logger, so with its request id) with the error, under `msg`; the others only
   * count, and at most every minute one line says how many failed since the last (by
   * message). A minute without a failure ends the outage, with a line saying how many
   * failed in all and for how long; the next failure begins a new one.
   */
  failed(log: Pick<OutageLogger, "warn">, error: unknown, msg: string): void;
  /** Stops the summary timer (at shutdown), writing nothing more. */
  close(): void;
}

/**
 * An `OutageLog` named `name` (the summary and end lines say it: "the database is
 * unreachable"), writing its summary and end lines to `log`. `intervalMs`: the summary's
 * period (default a minute; tests). Its timer is unreferenced: it never keeps the process up.
 */
export function createOutageLog(options: { log: OutageLogger; name: string; intervalMs?: number }): OutageLog {
  const intervalMs = options.intervalMs ?? SUMMARY_INTERVAL_MS;
  let outage:
    | { began: number; last: number; total: number; recent: Map<string, number>; timer: NodeJS.Timeout }
    | undefined;
  const summarise = () => {
    if (!outage) return;
    if (outage.recent.size > 0) {
      const failures = Object.fromEntries(outage.recent);
      const count = [...outage.recent.values()].reduce((sum, n) => sum + n, 0);
      outage.recent.clear();
      options.log.warn(
        { outage: options.name, failures, sinceS: Math.round((Date.now() - outage.began) / 1000) },
        `${options.name}: ${count} more failures in the last minute`,
      );
      return;
    }
    clearInterval(outage.timer);
    options.log.info(
      { outage: options.name, failures: outage.total, lastedS: Math.round((outage.last - outage.began) / 1000) },
      `${options.name}: no failure for a minute, the outage is over`,
    );
    outage = undefined;
  };
  return {
    failed(log, error, msg) {
      if (outage) {
        outage.total++;
        outage.last = Date.now();
        outage.recent.set(msg, (outage.recent.get(msg) ?? 0) + 1);
        return;
      }
      const now = Date.now();
      const timer = setInterval(summarise, intervalMs);
      timer.unref();
      outage = { began: now, last: now, total: 1, recent: new Map(), timer };
      log.warn({ err: error, outage: options.name }, msg);
    },
    close() {
      if (outage) clearInterval(outage.timer);
      outage = undefined;
    },
  };
}

/** The two outages of a database, each logged by its own `OutageLog` (their lines say which). */
export interface DatabaseOutages {
  /** The database cannot be reached (refused, cut, timed out, restarting). */
  readonly unreachable: OutageLog;
  /** The database is out of disk space or memory (`isResourceExhausted`). */
  readonly exhausted: OutageLog;
  /**
   * Counts one failure `isDatabaseUnavailable` says is the database's, in the outage its
   * kind belongs to, under `msg` (which the summary lines count by): the first of an
   * outage is logged at warn to `log` with the error, the rest only counted.
   */
  failed(log: Pick<OutageLogger, "warn">, error: unknown, msg: string): void;
  /** Stops both summary timers (at shutdown); a later failure begins a new outage. */
  close(): void;
}

/** The outages of each database handle, shared by everything that reads it. */
const outagesByDatabase = new WeakMap<object, DatabaseOutages>();

/**
 * The outage logs of the database `db` (decision 023), one per database handle for the
 * whole process: the requests' error handler, the mail worker and the retention round all
 * count their failures in the same outage, so that its first failure is logged once, its
 * summary counts them all, and its end is logged only once nothing has failed for a minute
 * (a worker that still fails keeps the outage going). Made on the first call, with that
 * call's `log` for the summary and end lines and `intervalMs` (tests); later calls get it.
 */
export function databaseOutagesOf(
  db: object,
  log: OutageLogger,
  options: { intervalMs?: number } = {},
): DatabaseOutages {
  let outages = outagesByDatabase.get(db);
  if (outages) return outages;
  const unreachable = createOutageLog({ log, name: "the database is unreachable", ...options });
  const exhausted = createOutageLog({ log, name: "the database is out of disk space or memory", ...options });
  outages = {
    unreachable,
    exhausted,
    failed(to, error, msg) {
      (isResourceExhausted(error) ? exhausted : unreachable).failed(to, error, msg);
    },
    close() {
      unreachable.close();
      exhausted.close();
    },
  };
  outagesByDatabase.set(db, outages);
  return outages;
}

/**
 * Logs the failure of a background round (the mail outbox's, the retention purge's) that
 * reads `db`: a failure of the database being away (`isDatabaseUnavailable`) goes to the
 * database's outage (`databaseOutagesOf`) as "`what`: the database is unreachable" (or
 * "… out of disk space or memory"), so a round every 2 s during an outage logs one line and
 * then one a minute; any other is logged at warn under `what` with the error itself in
 * `err`, which the product's logger serializes without its values (Drizzle's `params`).
 */
export function logRoundFailure(db: object, log: OutageLogger, error: unknown, what: string): void {
  if (isDatabaseUnavailable(error)) {
    const kind = isResourceExhausted(error)
      ? "the database is out of disk space or memory"
      : "the database is unreachable";
    databaseOutagesOf(db, log).failed(log, error, `${what}: ${kind}`);
  } else log.warn({ err: error }, what);
}
