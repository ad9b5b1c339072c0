import rateLimitPlugin, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "@khayl/db/client";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export interface RateLimitResult {
  /** False when this hit went over `max` in the current window. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in the shared `rate_limits`
 * table (architecture §2: no per-process state, so N instances on one PostgreSQL enforce the
 * limit together). Atomic: one upsert per hit. Use it directly for limits keyed by
 * something other than the client (e.g. per e-mail address).
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  options: { max: number; windowMs: number },
): Promise<RateLimitResult> {
  const windowMs = Math.max(1, Math.round(options.windowMs));
  const result = await db.execute<{ count: number; ttl: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${windowMs / 1000}) else rate_limits.reset_at end
    returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: { count: number; ttl: number }[] }).rows) as {
    count: number;
    ttl: number;
  }[];
  const row = rows[0] ?? { count: 1, ttl: windowMs };
  if (Math.random() < 0.01) {
    await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`).catch(() => undefined);
  }
  const current = Number(row.count);
  return { allowed: current <= options.max, current, retryAfterMs: Number(row.ttl) };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A `@fastify/rate-limit` store over `consumeRateLimit`, keyed per route. */
function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  // The plugin passes `routeInfo` in the child options; its declared type omits it.
  return class DatabaseStore {
    private readonly prefix: string;
    constructor(options: { routeInfo?: { method?: string; url?: string } } = {}) {
      this.prefix = options.routeInfo ? `${options.routeInfo.method}:${options.routeInfo.url}` : "global";
    }
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      consumeRateLimit(db, `route:${this.prefix}:${key}`, { max, windowMs: timeWindow }).then(
        (r) => callback(null, { current: r.current, ttl: r.retryAfterMs }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: object) {
      return new DatabaseStore(routeOptions as { routeInfo?: { method?: string; url?: string } });
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Registers `@fastify/rate-limit` with the database store, off by default: a route
 * opts in with `config: { rateLimit: { max, timeWindow } }` (every write and code
 * check does). Over the limit the answer is 429 with the envelope and `retry-after`.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    store: databaseStore(db),
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      success: false,
      statusCode: 429,
      message: `Too many requests, please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`,
    }),
  });
}
