import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { requestLanguage } from "./language.ts";

/**
 * `cache-control` of read-mostly public answers (schedules, blogs, legal texts, releases):
 * shared caches, browsers and the website's API client may keep them for a minute, then
 * revalidate in the background.
 */
const PUBLIC_SHORT_CACHE = "public, max-age=60, stale-while-revalidate=300";

/**
 * Awaits a read-mostly answer and only then marks the reply as publicly cacheable, so a
 * thrown 4xx (e.g. 'Blog not found.') keeps the API's default `no-store`. The answer depends
 * on the request's `language` header (decision 016), which shared caches must key on.
 */
export async function publiclyCached<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  const data = await answer;
  reply.header("cache-control", PUBLIC_SHORT_CACHE);
  reply.header("vary", "language");
  return data;
}

/**
 * The server-side cache of public list answers (decision 022): what a list route answered,
 * by route, language and normalised query (the validated query, defaults filled in, keys
 * sorted: `?limit=10&offset=0` and `?offset=0&limit=10` are one entry). At most `maxBytes`
 * of answers (their JSON size), each for `ttlMs` (the `max-age` of `PUBLIC_SHORT_CACHE`);
 * `clear()` empties it when content changes (the host's `content_changed` listener, decision
 * 017), and an answer read before a `clear()` is not kept. Concurrent misses of one key share
 * one read.
 */
export function createAnswerCache(options: { maxBytes: number; ttlMs: number }) {
  const answers = new LRUCache<string, { data: unknown }>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.data)?.length ?? 1),
    ttl: options.ttlMs,
  });
  const reading = new Map<string, Promise<unknown>>();
  let generation = 0;
  return {
    /** The answer of `key`, from the cache (`hit`) or read by `load` and kept. */
    async answer<T>(key: string, load: () => Promise<T>): Promise<{ data: T; hit: boolean }> {
      const kept = answers.get(key);
      if (kept) return { data: kept.data as T, hit: true };
      const under = reading.get(key);
      if (under) return { data: (await under) as T, hit: false };
      const started = generation;
      const read = load();
      reading.set(key, read);
      try {
        const data = await read;
        if (started === generation) answers.set(key, { data });
        return { data, hit: false };
      } finally {
        reading.delete(key);
      }
    },
    /** The answer of `key` read by `load` now, whatever is kept, then kept in its place. */
    async reload<T>(key: string, load: () => Promise<T>): Promise<{ data: T; hit: false }> {
      const started = generation;
      const data = await load();
      if (started === generation) answers.set(key, { data });
      return { data, hit: false };
    },
    /** Forgets every answer (content changed). */
    clear() {
      generation++;
      answers.clear();
      reading.clear();
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/** A value with its object keys sorted, so that equal queries serialise alike. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sorted(v)]),
    );
  return value;
}

/**
 * A public list's answer (product §7 lists: schedules, blogs, release notes and logs), read
 * through `cache` (when the host gives one, `ApiDeps.answers`) by its route, the request's
 * language and its validated query, and marked publicly cacheable (`publiclyCached`).
 * Answers `x-api-cache: hit` or `miss`. A request that says `Cache-Control: no-cache` (the
 * alerts watcher, decision 028: it compares what it reads with what another instance read
 * since; the host passes it on from its own reads only) is read from the database and kept
 * for the next.
 */
export async function publicList<T>(
  cache: AnswerCache | undefined,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  load: () => Promise<T>,
): Promise<T> {
  if (!cache) return publiclyCached(reply, load());
  const key = JSON.stringify([request.routeOptions.url, requestLanguage(request), sorted(request.query)]);
  const fresh = (request.headers["cache-control"] ?? "")
    .split(",")
    .some((directive) => directive.trim().toLowerCase() === "no-cache");
  const { data, hit } = fresh ? await cache.reload(key, load) : await cache.answer(key, load);
  reply.header("x-api-cache", hit ? "hit" : "miss");
  return publiclyCached(reply, Promise.resolve(data));
}
