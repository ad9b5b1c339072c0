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
