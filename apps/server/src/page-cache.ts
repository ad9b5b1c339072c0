import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A public page answer kept whole, in every encoding, to be sent again without React (decision 017). */
export interface CachedPage {
  status: number;
  /** The headers to send with it (content type, CSP, cache-control, vary …), never `set-cookie`. */
  headers: Record<string, string>;
  /** The body as rendered, gzip-compressed (level 9) and brotli-compressed (quality 8). */
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /**
   * A strong validator of each encoding's bytes (RFC 9110 §8.8.3: two encodings of one
   * body are different representations): `"<sha256 of the body, base64url>"`, with `-gz`
   * or `-br` inside the quotes for the compressed copies.
   */
  etags: Record<Encoding, string>;
  /** When it was rendered (ms since the epoch). */
  renderedAt: number;
}

/** The Cache-Control of a public page: shared caches keep it a minute and serve it stale while refreshing. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Compresses a rendered public page once, for every encoding it will be asked in. */
export async function cachedPage(status: number, headers: Record<string, string>, body: Buffer): Promise<CachedPage> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 8 } }),
  ]);
  const hash = createHash("sha256").update(body).digest("base64url");
  const etags = { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` };
  return { status, headers, identity: body, gzip: gz, br, etags, renderedAt: Date.now() };
}

/** The encodings a kept page is held in (`Content-Encoding`; `identity`: none). */
export type Encoding = "br" | "gzip" | "identity";

/** `pickEncoding`'s answers by header value: browsers send a handful of distinct values. */
const encodings = new Map<string, Encoding>();
const MAX_REMEMBERED_ENCODINGS = 64;

/**
 * The encoding to send a cached page in: brotli, else gzip, else none (by the client's
 * `Accept-Encoding`; a `q=0` refuses one). The answer for each of the last 64 distinct
 * header values is remembered, so a hit does not parse the header again.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? "";
  const known = encodings.get(header);
  if (known) return known;
  const picked = parseAcceptEncoding(header);
  if (encodings.size >= MAX_REMEMBERED_ENCODINGS) encodings.delete(encodings.keys().next().value as string);
  encodings.set(header, picked);
  return picked;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = acceptEncoding
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || Number(q.split("=")[1]) > 0)
    .map(([name]) => name?.trim());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}

/** True when `ifNoneMatch` (a request header) names `etag` or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

export interface PageCacheOptions {
  /** Largest total size of the kept pages, all encodings counted, in bytes. */
  maxBytes: number;
  /** How long a page is fresh, in ms. */
  ttlMs: number;
  /** How long after that it may still be served while a fresh copy renders, in ms. */
  staleMs: number;
  /**
   * Told when a refresh of a stale page failed (a 5xx answer, or `render` threw) and the
   * stale copy is kept meanwhile.
   */
  onStaleKept?: (key: string, cause: { status: number } | { error: unknown }) => void;
}

/**
 * How a key's page is made when it is missing or stale: a page to keep, or an answer not
 * to keep (`pass`) with its HTTP status.
 */
export type Render<T> = () => Promise<{ keep: CachedPage } | { pass: T; status: number }>;

/** An answer not to keep, handed to every request that waited on its render. */
class Passed {
  constructor(readonly value: unknown) {}
}

/**
 * The full-page cache of public pages (decision 017): at most `maxBytes` of pages, each fresh
 * for `ttlMs`, then served stale for up to `staleMs` while one render per key refreshes it
 * (stale-while-revalidate); concurrent requests for a key that is missing share one render.
 * A refresh that answers a redirect or a 4xx (the page is gone) forgets the page; one that
 * fails (5xx, or `render` throws) keeps the stale copy until `staleMs` runs out and tells
 * `onStaleKept`. `clear()` empties it when content changes.
 */
export function createPageCache(options: PageCacheOptions) {
  const cache = new LRUCache<string, CachedPage, { render: Render<unknown> }>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 512,
    ttl: options.ttlMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (key, stale, { context, options: fetch }) => {
      /** This fetch fails without keeping anything: the stale copy, if any, is deleted. */
      const forget = () => {
        fetch.allowStaleOnFetchRejection = false;
        fetch.noDeleteOnFetchRejection = false;
      };
      let result: Awaited<ReturnType<Render<unknown>>>;
      try {
        result = await context.render();
      } catch (error) {
        if (stale) options.onStaleKept?.(key, { error });
        else forget();
        throw error;
      }
      if ("keep" in result) return result.keep;
      if (stale && result.status >= 500) {
        options.onStaleKept?.(key, { status: result.status });
        return undefined; // lru-cache puts the stale copy back
      }
      forget();
      throw new Passed(result.pass);
    },
  });

  return {
    /**
     * The page of `key`: from the cache when fresh, or stale within `staleMs` (a refresh then
     * renders in the background), else rendered now by `render`. An answer `render` says not to
     * keep (`pass`) comes back as `{ passed }`; an error `render` throws is thrown.
     */
    async get<T>(key: string, render: Render<T>): Promise<{ page: CachedPage; hit: boolean } | { passed: T }> {
      let held = cache.peek(key, { allowStale: true });
      if (held && Date.now() - held.renderedAt > options.ttlMs + options.staleMs) {
        cache.delete(key);
        held = undefined;
      }
      try {
        const page = await cache.fetch(key, { context: { render } });
        if (page) return { page, hit: held !== undefined };
      } catch (error) {
        if (error instanceof Passed) return { passed: error.value as T };
        throw error;
      }
      // The content changed while this key rendered (`clear`): what it rendered may be old.
      const again = await render();
      return "keep" in again ? { page: again.keep, hit: false } : { passed: again.pass };
    },
    /**
     * True when `key`'s page is held, fresh or stale within `staleMs`: `get` answers it
     * without rendering for the request (a refresh renders for the cache).
     */
    holds(key: string): boolean {
      const held = cache.peek(key, { allowStale: true });
      return held !== undefined && Date.now() - held.renderedAt <= options.ttlMs + options.staleMs;
    },
    /** Forgets every page (content changed). */
    clear() {
      cache.clear();
    },
    /** Pages held and their size in bytes (for tests and logs). */
    stats() {
      return { entries: cache.size, bytes: cache.calculatedSize };
    },
  };
}
