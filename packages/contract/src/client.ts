import { type CallInput, type DataOf, type Endpoint, responseSchemaOf } from "./endpoint.ts";
import { errorEnvelopeSchema } from "./envelope.ts";
import { buildQueryString } from "./query.ts";

/**
 * A failed call. `statusCode` is the HTTP status (0 for a network failure) and
 * `message` the server's envelope message when it sent one (`fromServer`), else a generic
 * text (product §8: transport-level errors carry generic messages), which is English and
 * names no reason a visitor can act on: a page shows its own message in its place.
 */
class ApiError extends Error {
  readonly statusCode: number;
  /** The answer's `retry-after` (seconds, as sent), e.g. of a 429, for the caller to pass on. */
  readonly retryAfter: string | undefined;
  /** True when `message` is the server's own (its error envelope's), false for a generic transport text. */
  readonly fromServer: boolean;
  /**
   * True when the call was given up at `timeoutMs` (status 0): the request may have been
   * received and acted on, so whether a call that changes state did so is unknown.
   */
  readonly timedOut: boolean;
  constructor(
    statusCode: number,
    message: string,
    options: { retryAfter?: string; fromServer?: boolean; timedOut?: boolean } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.retryAfter = options.retryAfter;
    this.fromServer = options.fromServer ?? false;
    this.timedOut = options.timedOut ?? false;
  }
}

type Language = "en" | "ar";

export interface ApiClientOptions {
  /** The versioned API root, e.g. `http://localhost:3000/api/v1` (no trailing slash needed). */
  baseUrl: string;
  /** The fetch to use; the host passes an in-process one when the API runs in the same process. */
  fetch?: typeof globalThis.fetch;
  /** Sent as the `language` header on every request (product §7). */
  language?: Language;
  /** Extra headers on every request (e.g. `x-forwarded-for` of the visitor). */
  headers?: Record<string, string>;
  /** Reuse of parsed GET answers that the server marks cacheable (see `createResponseCache`). */
  cache?: ResponseCache;
  /**
   * Milliseconds a call may take, answer included (`callBinary`: until the answer's
   * headers), before it fails with status 0 and `timeout of <ms>ms exceeded`. Unset: no
   * timeout (product §7, the in-process API).
   */
  timeoutMs?: number;
  /**
   * How many more times a GET is tried after a network failure, a timeout or a 502, 503
   * or 504 (after 200 ms, then 400 ms …). Other methods, and a GET that `changesState`
   * (the deletion code's request, which mails a code), are never repeated. Default 0.
   */
  retries?: number;
  /**
   * Milliseconds a call that is never repeated (see `retries`) may take, in place of
   * `timeoutMs`: having one try only, it may use the wait a repeated GET has in all.
   * Default: `timeoutMs`.
   */
  singleTryTimeoutMs?: number;
}

/** True for a call the client may send again on its own: a GET that changes no state (RFC 9110 §9.2.2). */
function isRepeatable(endpoint: Endpoint): boolean {
  return endpoint.method === "GET" && !endpoint.changesState;
}

/** Statuses of a GET worth trying again: the server or a proxy in front was briefly unavailable. */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * Parsed GET answers kept for as long as the server allows (`Cache-Control: public,
 * max-age=N`). Shared by the clients of one process; values are shared between callers
 * and must be treated as read-only.
 */
export interface ResponseCache {
  get(key: string): unknown;
  set(key: string, value: unknown, ttlMs: number): void;
  /** Forgets every answer (the content behind them changed). */
  clear(): void;
  /**
   * How many times `clear` was called. A caller reads it before fetching and does not `set`
   * what it fetched if it changed meanwhile: that answer may predate the change.
   */
  generation(): number;
}

/**
 * How long a response may be reused, in milliseconds, from its `Cache-Control`: its
 * `max-age` when the answer is `public`, never for `no-store`, `no-cache` or `private`.
 */
export function reuseMsOf(cacheControl: string | null): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public") || directives.some((d) => d === "no-store" || d === "no-cache" || d === "private"))
    return 0;
  const maxAge = directives.find((d) => d.startsWith("max-age="));
  const seconds = maxAge ? Number(maxAge.slice("max-age=".length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * A bounded in-memory `ResponseCache`: at most `maxEntries` answers (the least recently
 * used goes first), each for its `max-age` but never longer than `maxTtlMs`. Public,
 * read-mostly data only — nothing per visitor is ever cached (architecture §2: no state of
 * our own; every instance converges within `maxTtlMs`).
 */
export function createResponseCache(options: {
  maxEntries: number;
  maxTtlMs: number;
  now?: () => number;
}): ResponseCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlMs) {
      const ttl = Math.min(ttlMs, options.maxTtlMs);
      if (ttl <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttl });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clear() {
      entries.clear();
      generation++;
    },
    generation: () => generation,
  };
}

/** Fills `:name` segments of an endpoint path from `params`, URI-encoded. */
function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The typed HTTP client of the provider API (product §7). Every request sends
 * `language` and `accept: application/json`. Product §7's client has no timeout; ours
 * takes `timeoutMs` and `retries` for a remote API (the host sets them with `API_URL`).
 *
 * `call` answers the endpoint's parsed `data`; it throws `ApiError` on a non-2xx
 * answer (with the server's message), on a network failure, or when the answer does
 * not match the contract. With a `cache`, a GET answer the server marks `public,
 * max-age=N` is reused for N seconds (errors are never cached, nor an answer that was
 * under way when the cache was cleared: decision 017).
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/(?<!\/)\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;

  function urlOf<E extends Endpoint>(endpoint: E, input: CallInput<E>): string {
    const { query, params } = (input ?? {}) as { query?: Record<string, unknown>; params?: Record<string, unknown> };
    return `${baseUrl}${fillPath(endpoint.path, params)}${buildQueryString(query)}`;
  }

  /**
   * One try of a request, bounded by `timeoutMs`: until the answer is read (`until: "body"`),
   * or only until its headers arrive (`"headers"`: a streamed body, e.g. a PDF passed on to
   * a slow client, must not be cut). Throws `ApiError(0, …)` on a network failure or timeout.
   */
  async function attempt(
    url: string,
    init: RequestInit,
    until: "body" | "headers",
    timeoutMs: number | undefined,
  ): Promise<Response> {
    // Until "body", the signal stays armed while the caller reads the answer (AbortSignal.timeout's
    // timer never holds the process open); until "headers", the timer is cleared once they arrive.
    const headersOnly = timeoutMs && until === "headers" ? new AbortController() : undefined;
    const signal = headersOnly?.signal ?? (timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined);
    const timer = headersOnly ? setTimeout(() => headersOnly.abort(), timeoutMs) : undefined;
    try {
      return await doFetch(url, signal ? { ...init, signal } : init);
    } catch (error) {
      if (signal?.aborted) throw new ApiError(0, `timeout of ${timeoutMs}ms exceeded`, { timedOut: true });
      throw new ApiError(0, (error as Error | undefined)?.name === "AbortError" ? "Request aborted" : "Network Error");
    } finally {
      clearTimeout(timer);
    }
  }

  async function send<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    accept: string,
    until: "body" | "headers",
  ): Promise<Response> {
    const { body } = (input ?? {}) as { body?: unknown };
    const url = urlOf(endpoint, input);
    const headers: Record<string, string> = {
      accept,
      language: options.language ?? "en",
      ...options.headers,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    const repeatable = isRepeatable(endpoint);
    const tries = repeatable ? 1 + Math.max(0, options.retries ?? 0) : 1;
    const timeoutMs = repeatable ? options.timeoutMs : (options.singleTryTimeoutMs ?? options.timeoutMs);
    let response: Response | undefined;
    for (let n = 1; ; n++) {
      try {
        response = await attempt(url, init, until, timeoutMs);
        if (n >= tries || !RETRYABLE_STATUSES.has(response.status)) break;
        await response.body?.cancel();
      } catch (error) {
        if (n >= tries) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** n));
    }
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => undefined);
      const parsed = errorEnvelopeSchema.safeParse(payload);
      throw new ApiError(
        response.status,
        parsed.success ? parsed.data.message : `Request failed with status code ${response.status}`,
        { retryAfter: response.headers.get("retry-after") ?? undefined, fromServer: parsed.success },
      );
    }
    return response;
  }

  return {
    /** Calls a JSON endpoint and answers its `data`. */
    async call<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<DataOf<E>> {
      const { cache } = options;
      const cacheKey =
        cache && endpoint.method === "GET" ? `${options.language ?? "en"} ${urlOf(endpoint, input)}` : undefined;
      if (cache && cacheKey) {
        const hit = cache.get(cacheKey);
        if (hit !== undefined) return hit as DataOf<E>;
      }
      // An answer fetched while the content changed (the cache was cleared) is not kept.
      const generation = cache?.generation();
      const response = await send(endpoint, input, "application/json", "body");
      const payload: unknown = await response.json().catch(() => undefined);
      const parsed = responseSchemaOf(endpoint).safeParse(payload);
      if (!parsed.success) throw new ApiError(502, "The server sent an unexpected answer");
      const data = (parsed.data as unknown as { data: DataOf<E> }).data;
      if (cache && cacheKey && cache.generation() === generation)
        cache.set(cacheKey, data, reuseMsOf(response.headers.get("cache-control")));
      return data;
    },
    /**
     * Calls an endpoint that answers bytes (e.g. a PDF) and answers the raw `Response`, its
     * body unread: `timeoutMs` bounds the wait for its headers only, so a body streamed on
     * to a slow client is never cut off.
     */
    async callBinary<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<Response> {
      return send(endpoint, input, endpoint.binary ?? "application/octet-stream", "headers");
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
