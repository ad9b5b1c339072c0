import type { Env } from "@khayl/config/env";
import type { FastifyReply, FastifyRequest } from "fastify";
import { inlineScriptHashes, pageCsp } from "./csp.ts";
import { type CachedPage, matchesEtag, PUBLIC_PAGE_CACHE_CONTROL, pickEncoding } from "./page-cache.ts";

/**
 * The query parameters a public page reads (the schedules' filters and "show more", the
 * invoice's step and method). A URL with any other parameter (a campaign's `utm_*`, a
 * cache-buster) is rendered for its request alone, so a stranger cannot fill the page
 * cache with copies of one page (decision 017).
 */
const PAGE_QUERY_KEYS = new Set(["discipline", "type", "show", "step", "method"]);

/** Pages that are never kept: an invoice link carries a secret and personal data (product §6). */
const PRIVATE_PATH = /^\/(ar\/)?invoice(\/|$)/i;

/** The cookie of the language switch (decision 016); only the English home's answer depends on it. */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=(en|ar)(?:;|$)/;

/**
 * The page cache's key for `request`, or undefined when its answer must be rendered for
 * it alone (decision 017): only a GET of a page (not React Router's `.data` requests),
 * outside the invoice pages, without credentials, and with no query parameter a page does
 * not read. The key is the scheme (the CSP of an HTTPS page upgrades insecure requests),
 * the path and the query, and for `/` the language cookie (the English home redirects a
 * visitor who chose Arabic).
 */
export function pageCacheKey(request: FastifyRequest, secure: boolean): string | undefined {
  if (request.method !== "GET" || request.headers.authorization) return undefined;
  const url = new URL(request.url, "http://page");
  if (PRIVATE_PATH.test(url.pathname) || url.pathname.endsWith(".data")) return undefined;
  for (const key of url.searchParams.keys()) if (!PAGE_QUERY_KEYS.has(key)) return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const language = path === "/" ? (LANGUAGE_COOKIE.exec(request.headers.cookie ?? "")?.[1] ?? "") : "";
  return `${secure ? "https" : "http"} ${path}${url.search} ${language}`;
}

/**
 * A page's answer made ready to send: the HTML read whole, so that its CSP can list its
 * inline scripts by hash (`kind: "page"`); anything else React Router answers (a redirect,
 * `.data`, the sitemap, a PDF) is passed through as it is (`kind: "other"`).
 */
export type PageAnswer =
  | {
      kind: "page";
      status: number;
      /** Headers to send, lower-case names, `set-cookie` apart. */
      headers: Record<string, string>;
      setCookies: string[];
      body: Buffer;
      /**
       * The same for every visitor and may be kept by this server and shared caches: a 200
       * that sets no cookie and is not marked private or no-store by its route.
       */
      shared: boolean;
    }
  | { kind: "other"; response: Response };

/**
 * Reads React Router's `response` into a `PageAnswer`. An HTML page gets the CSP of its
 * own inline scripts (`pageCsp`), and its Cache-Control: a shared page
 * `PUBLIC_PAGE_CACHE_CONTROL` (with `Vary: Accept-Encoding` and any `Vary` of its route),
 * any other page its route's, or `private, no-store` when its route gave none.
 */
export async function prepareAnswer(response: Response, env: Env, secure: boolean): Promise<PageAnswer> {
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/html") || !response.body) return { kind: "other", response };
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const setCookies = response.headers.getSetCookie();
  const cacheControl = headers["cache-control"] ?? "";
  const shared = response.status === 200 && setCookies.length === 0 && !/private|no-store|no-cache/i.test(cacheControl);
  headers["content-security-policy"] = pageCsp(env, inlineScriptHashes(body.toString("utf8")), secure);
  if (shared) {
    headers["cache-control"] = PUBLIC_PAGE_CACHE_CONTROL;
    headers.vary = ["Accept-Encoding", ...(headers.vary ? [headers.vary] : [])].join(", ");
  } else if (!cacheControl) {
    headers["cache-control"] = "private, no-store";
  }
  delete headers["content-length"];
  return { kind: "page", status: response.status, headers, setCookies, body, shared };
}

/**
 * Sends a `PageAnswer` that is not kept, as it is; @fastify/compress compresses it for the client.
 */
export function sendAnswer(reply: FastifyReply, answer: PageAnswer) {
  if (answer.kind === "other") return reply.send(answer.response);
  reply.code(answer.status).headers(answer.headers);
  if (answer.setCookies.length) reply.header("set-cookie", answer.setCookies);
  return reply.send(answer.body);
}

/**
 * Sends a kept page: 304 without a body when the client's `If-None-Match` names its ETag,
 * else the copy already compressed in the client's best encoding (brotli, gzip or none).
 */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.code(page.status).headers(page.headers).header("etag", page.etag);
  if (matchesEtag(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  const body = page[encoding];
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.header("content-length", body.length).send(body);
}
