import { Readable } from "node:stream";
import { API_PREFIX } from "@khayl/api/app";
import { createOutageLog } from "@khayl/api/http/outage-log";
import { type Env, publicConfig } from "@khayl/config/env";
import { createApiClient, type createResponseCache } from "@khayl/contract/client";
import { retryAfterSeconds } from "@khayl/contract/envelope";
import type { PageRules } from "@khayl/contract/page-rules";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { createRequestHandler } from "react-router";
import { newNonce } from "./csp.ts";
import { inProcessFetch } from "./in-process-fetch.ts";
import { asPrivatePage, type PageAnswer, prepareAnswer, sendAnswer } from "./page-answer.ts";
import { pageLog } from "./page-log.ts";
import { languageOfUrl } from "./url-language.ts";

export interface RendererOptions {
  app: FastifyInstance;
  env: Env;
  /** React Router's request handler of the web build (or of Vite's, in development). */
  handle: ReturnType<typeof createRequestHandler>;
  /** The page rules the routes of a URL declare (decision 019; `pageRulesOfBuild`). */
  pageRules: (url: URL) => PageRules;
  /**
   * The paths of the page the web declares as its "too many requests" screen, one per
   * language (`tooManyRequestsPathsOfBuild`, decision 025).
   */
  tooManyRequestsPaths: readonly string[];
  /** Public API answers reused by renders (at most a minute), emptied when content changes. */
  apiCache: ReturnType<typeof createResponseCache>;
  /** The header marking this process's own API calls (not counted against a read budget: decision 022). */
  ownRead: Record<string, string>;
  /** The folder the site's files are served from at its root (the pages' `staticDir`: content images' sizes). */
  staticDir: string;
}

/** Options of one render: the URL whose page is rendered (default: the request's) and the 429 screen. */
interface RenderOptions {
  url?: string;
  tooManyRequests?: boolean;
}

/**
 * A remote provider API (`API_URL`) gets a bounded wait: 5 s per try, and GETs (which
 * are safe to repeat) are tried up to twice more after a network failure, a timeout or
 * a 502/503/504, so a page waits at most about 16 s (the in-process API needs neither).
 * A call that is never repeated (a POST, the deletion code's GET that mails a code) has
 * its one try of 15 s: a slow provider that would still have done it is waited for
 * rather than reported as failed, which invites the visitor to do it again.
 */
const REMOTE_API_PATIENCE = { timeoutMs: 5_000, retries: 2, singleTryTimeoutMs: 15_000 } as const;

/**
 * The page renders of the host: React Router's handler with the API client of the page's
 * language (decision 016), the render's CSP nonce (decision 019) and a logger that logs
 * an API outage once, then by the minute (`pageLog`).
 * - `render`: React Router's `Response` for a request; a `detached` render is the page
 *   cache's, a GET (a HEAD is answered from the same copy, without its body) that outlives
 *   the client that asked.
 * - `answer`: a production render made ready to send (`prepareAnswer`): a fresh nonce, the
 *   CSP and headers of its page rules.
 * - `tooManyRenders`: the 429 page of a client over its render budget (decision 022): the
 *   error screen in the request's language, on the page a route declares for it
 *   (`tooManyRequestsPaths`, decision 025), rendered once per language and scheme,
 *   `private, no-store`, with `retry-after` (whole seconds of `waitMs`); on a private page
 *   with that page's headers (`asPrivatePage`).
 */
export function createRenderer({
  app,
  env,
  handle,
  pageRules,
  tooManyRequestsPaths,
  apiCache,
  ownRead,
  staticDir,
}: RendererOptions) {
  const config = publicConfig(env);
  const apiBaseUrl = env.API_URL ?? `http://in-process${API_PREFIX}`;
  // Pages whose API is away are logged by outage, not one by one (`pageLog`).
  const apiOutage = createOutageLog({ log: app.log, name: "pages cannot read the API" });
  app.addHook("onClose", async () => apiOutage.close());

  const render = (
    request: FastifyRequest,
    reply: FastifyReply,
    detached: boolean,
    nonce: string,
    { url = request.url, tooManyRequests = false }: RenderOptions = {},
  ) => {
    const api = createApiClient({
      baseUrl: apiBaseUrl,
      // Pages under /ar ask the API for Arabic content (product §7's `language` header; decision 016).
      language: languageOfUrl(url),
      ...(env.API_URL
        ? { headers: { "x-forwarded-for": request.ip }, ...REMOTE_API_PATIENCE }
        : { fetch: inProcessFetch(app, request.ip, ownRead) }),
      cache: apiCache,
    });
    const webRequest = detached ? toWebRequest(request, undefined, "GET", url) : toWebRequest(request, reply);
    return handle(webRequest, {
      api,
      // E-mail alerts live in this site's database even when pages read a provider (decision 028):
      // its alerts module answers in-process.
      ...(env.API_URL
        ? {
            ownApi: createApiClient({
              baseUrl: `http://in-process${API_PREFIX}`,
              language: languageOfUrl(url),
              fetch: inProcessFetch(app, request.ip, {}),
            }),
          }
        : {}),
      config,
      log: pageLog(request.log, apiOutage),
      nonce,
      staticDir,
      ...(tooManyRequests ? { tooManyRequests } : {}),
    });
  };

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    detached: boolean,
    options: RenderOptions = {},
  ): Promise<PageAnswer> => {
    const nonce = newNonce();
    const response = await render(request, reply, detached, nonce, options);
    return prepareAnswer(response, {
      env,
      secure: request.protocol === "https",
      method: detached ? "GET" : request.method,
      nonce,
      // The rules of the page React Router rendered: the path as the URL it was given reads it.
      page: pageRules(pageUrl(request, options.url)),
    });
  };

  const tooManyRendersPages = new Map<string, Promise<PageAnswer>>();
  const tooManyRenders = async (request: FastifyRequest, reply: FastifyReply, waitMs: number, secure: boolean) => {
    const language = languageOfUrl(request.url);
    const which = `${secure} ${language}`;
    let page = tooManyRendersPages.get(which);
    if (!page) {
      // The page the web declares for it in the request's language; without one, the request's own URL.
      const url = tooManyRequestsPaths.find((path) => languageOfUrl(path) === language) ?? request.url;
      page = answer(request, reply, true, { url, tooManyRequests: true });
      tooManyRendersPages.set(which, page);
      page.catch(() => tooManyRendersPages.delete(which));
    }
    reply.header("retry-after", String(retryAfterSeconds(waitMs)));
    // The screen is another page's render; on a private page it keeps that page's headers.
    const own = pageRules(pageUrl(request));
    return sendAnswer(reply, own.private ? asPrivatePage(await page) : await page);
  };

  return { render, answer, tooManyRenders };
}

/** The host's page renders (`createRenderer`). */
export type Renderer = ReturnType<typeof createRenderer>;

/** A client error the host's error handler answers with its status and the envelope (`answerHostError`). */
function clientError(statusCode: 400 | 405, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}

/** Methods the platform's `Request` refuses to carry (Fetch's forbidden methods). */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The URL of a page request as React Router sees it: the host's origin, then `path` (a path
 * and query; default the request's own) appended as sent, never resolved against the origin.
 * Resolved, `//evil.example/alerts` named another host: React Router rendered `/alerts`
 * while taking that host for the page's origin, so a form posted from that other site passed
 * its same-origin check, and the page rules, read from the raw path, were those of no route.
 * The Host header must be a host and port alone: an empty one (or none, in HTTP/1.0) made
 * `http:///aboutus`, the page `/` of the host `aboutus`, which the page cache then kept as
 * `/aboutus` for every visitor.
 * Throws a 400 for a request target that is not a path, or a Host header that makes no origin.
 * The pages plugin asks it first, before a kept copy may answer: a Host no render would take
 * gets no page at all, and never starts a refresh of a stale one.
 */
export function pageUrl(request: FastifyRequest, path = request.url): URL {
  const bad = () => clientError(400, "Bad request");
  if (!path.startsWith("/") || !request.host || /[\s/\\?#@]/.test(request.host)) throw bad();
  let origin: URL;
  try {
    origin = new URL(`${request.protocol}://${request.host}`);
  } catch {
    throw bad();
  }
  // Nothing of the Host header may reach past the origin (a path, query, fragment or user).
  if (origin.href !== `${origin.origin}/`) throw bad();
  try {
    return new URL(`${origin.origin}${path}`);
  } catch {
    throw bad();
  }
}

/**
 * A web `Request` for React Router from Fastify's request (body streamed), aborted when the
 * client disconnects when `reply` is given, with the request's method and URL unless `method`
 * and `path` (a path and query) are given. Throws a 405 for a method `Request` cannot carry
 * (TRACE, CONNECT) and a 400 for a URL it cannot (`pageUrl`).
 */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  method = request.method,
  path = request.url,
): Request {
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) throw clientError(405, "Method not allowed");
  const url = pageUrl(request, path);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply?.raw.on("close", () => controller.abort());
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
