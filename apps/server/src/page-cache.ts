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
  /** A strong validator of the body: `"<sha256 base64url>"`. */
  etag: string;
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
  const etag = `"${createHash("sha256").update(body).digest("base64url")}"`;
  return { status, headers, identity: body, gzip: gz, br, etag, renderedAt: Date.now() };
}

/** The encoding to send a cached page in: brotli, else gzip, else none (by the client's `Accept-Encoding`). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = (acceptEncoding ?? "")
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
}

/** How a key's page is made when it is missing or stale: a page to keep, or an answer not to keep. */
export type Render<T> = () => Promise<{ keep: CachedPage } | { pass: T }>;

/**
 * The full-page cache of public pages (decision 017): at most `maxBytes` of pages, each fresh
 * for `ttlMs`, then served stale for up to `staleMs` while one render per key refreshes it
 * (stale-while-revalidate); concurrent requests for a key that is missing share one render.
 * `clear()` empties it when content changes.
 */
export function createPageCache(options: PageCacheOptions) {
  const cache = new LRUCache<string, CachedPage, { render: Render<unknown>; passed?: { value: unknown } }>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 512,
    ttl: options.ttlMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const result = await context.render();
      if ("keep" in result) return result.keep;
      context.passed = { value: result.pass };
      return undefined;
    },
  });

  return {
    /**
     * The page of `key`: from the cache when fresh, or stale within `staleMs` (a refresh then
     * renders in the background), else rendered now by `render`. An answer `render` says not to
     * keep (`pass`) comes back as `{ passed }`.
     */
    async get<T>(key: string, render: Render<T>): Promise<{ page: CachedPage; hit: boolean } | { passed: T }> {
      let held = cache.peek(key, { allowStale: true });
      if (held && Date.now() - held.renderedAt > options.ttlMs + options.staleMs) {
        cache.delete(key);
        held = undefined;
      }
      const context: { render: Render<unknown>; passed?: { value: unknown } } = { render };
      const page = await cache.fetch(key, { context });
      if (page) return { page, hit: held !== undefined };
      if (context.passed) return { passed: context.passed.value as T };
      // Another request rendered this key at the same time and was told not to keep it.
      const again = await render();
      return "keep" in again ? { page: again.keep, hit: false } : { passed: again.pass };
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
