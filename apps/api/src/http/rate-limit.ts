import rateLimitPlugin, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { errorEnvelope, tooManyRequests } from "@khayl/contract/envelope";
import type { Db, Tx } from "@khayl/db/client";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { translate } from "../i18n.ts";
import type { Hasher } from "../secret-key.ts";
import { clientBlocksOf } from "./client-address.ts";
import { requestLanguage } from "./language.ts";

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
 * something other than the client (e.g. per e-mail address, or site-wide); a key never
 * names a person (hash addresses with the `Hasher`). `cost` (default 1, a whole number
 * ≥ 1) counts the hit as that many, e.g. bytes against a byte budget; a refused hit is
 * counted too. Ended windows are deleted by the retention purge, off the request path.
 */
export async function consumeRateLimit(
  db: Db | Tx,
  key: string,
  options: { max: number; windowMs: number; cost?: number },
): Promise<RateLimitResult> {
  const windowMs = Math.max(1, Math.round(options.windowMs));
  const cost = Math.max(1, Math.round(options.cost ?? 1));
  const [row = { count: cost, ttl: windowMs }] = await countHits(db, [key], cost, windowMs);
  return { allowed: row.count <= options.max, current: row.count, retryAfterMs: row.ttl };
}

/**
 * Adds `cost` to each of `keys` (distinct) in one atomic statement, each in its own fixed
 * window of `windowMs`; answers each key's count and milliseconds left, in the order of `keys`.
 */
async function countHits(
  db: Db | Tx,
  keys: string[],
  cost: number,
  windowMs: number,
): Promise<{ count: number; ttl: number }[]> {
  const values = sql.join(
    keys.map((key) => sql`(${key}, ${cost}::int, now() + make_interval(secs => ${windowMs / 1000}))`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values ${values}
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning key, count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
  `);
  const rows = new Map(
    rowsOf<{ key: string; count: number; ttl: number }>(result).map((r) => [
      r.key,
      { count: Number(r.count), ttl: Number(r.ttl) },
    ]),
  );
  return keys.map((key) => rows.get(key) ?? { count: cost, ttl: windowMs });
}

/**
 * Counts one hit of a per-client budget of `max` hits per `windowMs` under `scope` (e.g.
 * a route), for the client at `ip` (the request's address), and answers whether it is
 * allowed. An IPv4 client is counted alone. An IPv6 client is counted on its /64, its /56
 * and its /48 together (`clientBlocksOf`, decision 021): the /64 may spend `max`, the /56
 * 4 × `max` and the /48 16 × `max`, whichever /64s inside spend it, so walking through a
 * block one owns climbs to the wider budget instead of making new clients. Refused when
 * any of them is spent; then `current` is over `max` and `retryAfterMs` is the longest
 * wait among the spent ones. Otherwise `current` is `max` less the fewest hits left among
 * them. Keys hold the blocks' HMACs (`hasher`), never an address. A hit from inside a
 * /56 or /48 that is already spent is refused after one read, and writes no row.
 */
export async function consumeClientBudget(
  db: Db | Tx,
  hasher: Hasher,
  scope: string,
  ip: string,
  limit: { max: number; windowMs: number },
): Promise<RateLimitResult> {
  const windowMs = Math.max(1, Math.round(limit.windowMs));
  const blocks = clientBlocksOf(ip);
  const keys = blocks.map(({ block }) => `${scope}:${hasher.hash("client", block)}`);
  // A wider block already spent refuses at once and writes nothing: walking through the
  // /64s of a spent /48 must not add a row per request (65 536 of them per window).
  if (blocks.length > 1) {
    const wide = await db.execute(sql`
      select key, count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
      from rate_limits where key in (${sql.join(
        keys.slice(1).map((key) => sql`${key}`),
        sql`, `,
      )}) and reset_at > now()
    `);
    const spentWide = rowsOf<{ key: string; count: number; ttl: number }>(wide).filter(
      (row) => Number(row.count) >= limit.max * (blocks[keys.indexOf(row.key)]?.share ?? 1),
    );
    if (spentWide.length > 0)
      return {
        allowed: false,
        current: limit.max + 1,
        retryAfterMs: Math.max(...spentWide.map((row) => Number(row.ttl))),
      };
  }
  const counts = await countHits(db, keys, 1, windowMs);
  const levels = blocks.map(({ share }, i) => ({
    max: limit.max * share,
    ...(counts[i] ?? { count: 1, ttl: windowMs }),
  }));
  const spent = levels.filter((level) => level.count > level.max);
  const fewestLeft = Math.min(...levels.map((level) => level.max - level.count));
  return {
    allowed: spent.length === 0,
    current: limit.max - fewestLeft,
    retryAfterMs: spent.length > 0 ? Math.max(...spent.map((level) => level.ttl)) : (levels[0]?.ttl ?? windowMs),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * The hits counted on `key` in its current window, without counting one (0 when the
 * window has ended or never began), and the milliseconds until it resets.
 */
export async function peekRateLimit(db: Db | Tx, key: string): Promise<{ current: number; retryAfterMs: number }> {
  const result = await db.execute(sql`
    select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
    from rate_limits where key = ${key} and reset_at > now()
  `);
  const [row] = rowsOf<{ count: number; ttl: number }>(result);
  return row ? { current: Number(row.count), retryAfterMs: Number(row.ttl) } : { current: 0, retryAfterMs: 0 };
}

/**
 * Deletes every counter whose key contains `fragment` (an e-mail address's HMAC, when the
 * account is deleted: decision 014). A scan, but of a table the retention purge keeps small.
 */
export async function deleteRateLimitsMentioning(tx: Db | Tx, fragment: string): Promise<void> {
  await tx.execute(sql`delete from rate_limits where strpos(key, ${fragment}) > 0`);
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin gives a route's store: the route's options, with `routeInfo` (its declared type omits it). */
interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
  groupId?: string;
}

/**
 * A `@fastify/rate-limit` store over `consumeClientBudget`, keyed per route and by the
 * HMACs of the client's blocks (an IPv6 /64 is one client, climbing to its /56 and /48).
 * Routes whose `rateLimit` names the same `groupId` spend one budget together (e.g. the
 * alert links' calls: decision 028), counted under `group:<groupId>`.
 */
function databaseStore(db: Db, hasher: Hasher): FastifyRateLimitStoreCtor {
  return class DatabaseStore {
    private readonly scope: string;
    private readonly groupId: string | undefined;
    constructor(options: StoreOptions = {}) {
      this.groupId = options.groupId;
      this.scope = options.groupId
        ? `group:${options.groupId}`
        : `route:${options.routeInfo ? `${options.routeInfo.method}:${options.routeInfo.url}` : "global"}`;
    }
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      // The plugin appends a group's id to the client's key; the budget's scope names it already.
      const client = this.groupId && key.endsWith(this.groupId) ? key.slice(0, -this.groupId.length) : key;
      consumeClientBudget(db, hasher, this.scope, client, { max, windowMs: timeWindow }).then(
        (r) => callback(null, { current: r.current, ttl: r.retryAfterMs }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: object) {
      return new DatabaseStore(routeOptions as StoreOptions);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Registers `@fastify/rate-limit` with the database store, off by default: a route
 * opts in with `config: { rateLimit: { max, timeWindow } }` (every write and code
 * check does). Over the limit the answer is 429 with the envelope and `retry-after`.
 * Client addresses are stored as their HMAC (`hasher`), never in clear.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db, hasher: Hasher): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    store: databaseStore(db, hasher),
    skipOnError: false,
    errorResponseBuilder: (request, context) =>
      errorEnvelope(429, translate(tooManyRequests(context.ttl), requestLanguage(request))),
  });
}
