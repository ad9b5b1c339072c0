import type { Env } from "@khayl/config/env";
import { disciplines } from "@khayl/contract/disciplines";
import { flightTypeSlugs } from "@khayl/contract/flight-types";
import { type PageRules, pageRulesOf } from "@khayl/contract/page-rules";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import { pageCsp } from "./csp.ts";
import { type CachedPage, matchesEtag, PUBLIC_PAGE_CACHE_CONTROL, pickEncoding } from "./page-cache.ts";

/**
 * True when `route` or a route around it declares its pages private in its `handle`
 * (decision 019: an invoice link carries a secret and personal data, product §6).
 */
function declaredPrivate(routes: ServerBuild["routes"], route: ServerBuild["routes"][string]): boolean {
  const handles: unknown[] = [];
  for (let at = route; at; at = at.parentId ? routes[at.parentId] : undefined) handles.push(at.module.handle);
  return pageRulesOf(handles).private;
}

/** The cookie of the language switch (decision 016); only the English home's answer depends on it. */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=(en|ar)(?:;|$)/;

/** The cards a schedule's "Show more" adds (product §2, /transport: the grid grows in steps of 24). */
const CARDS_PER_STEP = 24;

/**
 * The query a list page reads, as its own links write it (product §2, /transport and
 * /flights): first its filter chip (`name=<one of values>`), then `show=<n>` of its "Show
 * more" link, a whole number of steps beyond the first and at most one step past the
 * `listLimit` cards the page fetches (product §7).
 */
interface PageQuery {
  filter: string;
  values: readonly string[];
  listLimit: number;
}

/**
 * The pages that read a query, by their path without the `/ar` prefix; every other page
 * reads none. The limits are product §7's query shapes (`transportEventsQuery`,
 * `flightsPageQuery`).
 */
const PAGE_QUERIES: Record<string, PageQuery> = {
  transport: { filter: "discipline", values: disciplines.map((d) => d.slug), listLimit: 100 },
  flights: { filter: "type", values: flightTypeSlugs, listLimit: 1000 },
};

/** A page id segment as the site writes it: digits without a leading zero (`/blogs/12`, never `/blogs/012`). */
const ID_SEGMENT = "[1-9][0-9]*";

/** True when `value` is a `show` the "Show more" link of a list fetching `listLimit` cards writes. */
function canonicalShow(value: string, listLimit: number): boolean {
  if (!/^[1-9][0-9]{1,3}$/.test(value)) return false;
  const shown = Number(value);
  return (
    shown % CARDS_PER_STEP === 0 &&
    shown > CARDS_PER_STEP &&
    shown <= Math.ceil(listLimit / CARDS_PER_STEP) * CARDS_PER_STEP
  );
}

/** True when `query` (the text after `?`) is exactly what the page's own links write, in their order. */
function canonicalQuery(page: PageQuery | null, query: string): boolean {
  if (!page || query === "") return false;
  const pairs = query.split("&").map((pair) => pair.split("="));
  let at = 0;
  const [filter, value] = pairs[at] ?? [];
  if (filter === page.filter) {
    if (pairs[at]?.length !== 2 || value === undefined || !page.values.includes(value)) return false;
    at++;
  }
  const [show, shown] = pairs[at] ?? [];
  if (show === "show") {
    if (pairs[at]?.length !== 2 || shown === undefined || !canonicalShow(shown, page.listLimit)) return false;
    at++;
  }
  return at === pairs.length;
}

/**
 * The page cache's key of a request (decision 017), made from the pages of the web build:
 * answers the key, or undefined when the answer must be rendered for that request alone.
 *
 * Only a GET or HEAD of a page's canonical URL, without credentials, is kept: its path
 * spelled exactly as its route is (`/transport`, `/QR`, `/Khayl-App` for `productName`
 * "Khayl"; no other case, no percent-escape, no trailing slash), an id segment as
 * `ID_SEGMENT`, and a query only on /transport and /flights, exactly as their chips and
 * "Show more" links write it. Any other spelling (`/TrAnSpOrT`, `/%74ransport`,
 * `/blogs/0001`, `?discipline=<junk>`, `?show=7`, a `utm_*` parameter) still gets its
 * correct answer, rendered for it alone, so that a stranger cannot fill the cache with
 * copies of one page. Invoice pages, resource routes (feeds, the PDF, `.data`) and the
 * catch-all are never kept. The key is the scheme (the CSP of an HTTPS page upgrades
 * insecure requests), the URL and, for `/`, the language cookie (the English home
 * redirects a visitor who chose Arabic).
 */
export function pageCacheKeys(
  routes: ServerBuild["routes"],
  productName: string,
): (request: FastifyRequest, secure: boolean) => string | undefined {
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  /** Canonical static paths and what query each reads (null: none). */
  const exact = new Map<string, PageQuery | null>();
  const withIds: string[] = [];
  for (const route of Object.values(routes)) {
    if (!route || parents.has(route.id) || typeof route.module.default !== "function") continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
      if (at.path) segments.unshift(...at.path.split("/"));
    const path = `/${segments.join("/")}`;
    if (declaredPrivate(routes, route)) continue;
    const pattern: string[] = [];
    for (const segment of segments) {
      // The product name is letters and digits (`PRODUCT_NAME`), like every static segment kept.
      if (segment === ":productApp") pattern.push(`${productName}-App`);
      else if (segment === ":id") pattern.push(ID_SEGMENT);
      else if (/^[A-Za-z0-9-]+$/.test(segment)) pattern.push(segment);
      else break; // a splat or a parameter of another shape: never kept
    }
    if (pattern.length !== segments.length) continue;
    if (segments.includes(":id")) withIds.push(`/${pattern.join("/")}`);
    else {
      const name = (segments[0] === "ar" ? segments.slice(1) : segments).join("/");
      exact.set(path.replace(":productApp", `${productName}-App`), PAGE_QUERIES[name] ?? null);
    }
  }
  const idPaths = new RegExp(`^(?:${withIds.join("|")})$`);

  return (request, secure) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || request.headers.authorization) return undefined;
    const mark = request.url.indexOf("?");
    const path = mark < 0 ? request.url : request.url.slice(0, mark);
    const page = exact.has(path) ? exact.get(path) : withIds.length > 0 && idPaths.test(path) ? null : undefined;
    if (page === undefined) return undefined;
    if (mark >= 0 && !canonicalQuery(page, request.url.slice(mark + 1))) return undefined;
    const language = path === "/" ? (LANGUAGE_COOKIE.exec(request.headers.cookie ?? "")?.[1] ?? "") : "";
    return `${secure ? "https" : "http"} ${request.url} ${language}`;
  };
}

/**
 * A page's answer made ready to send: the HTML read whole (`kind: "page"`), so that it can
 * be kept; anything else React Router answers (a redirect, `.data`, the sitemap, a PDF) is
 * passed through with its body as it is (`kind: "other"`).
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
       * to a GET or HEAD that sets no cookie, is not on a private page and is not marked
       * private or no-store by its route.
       */
      shared: boolean;
    }
  | { kind: "other"; response: Response };

/** What `prepareAnswer` needs to know of the request and its render. */
export interface AnswerContext {
  env: Env;
  /** The request came over HTTPS (directly or through a trusted proxy). */
  secure: boolean;
  /** The request's method; only a GET's or HEAD's answer may be kept. */
  method: string;
  /** The CSP nonce the render wrote on its inline scripts (`newNonce`, decision 019). */
  nonce: string;
  /** The rules the request's routes declare (`pageRulesOfBuild`, decision 019). */
  page: PageRules;
}

/**
 * The headers of every answer on a private page (decision 019), whatever its kind: never
 * kept, never indexed, and its URL (the secret) never sent on in a `Referer`.
 */
const PRIVATE_PAGE_HEADERS = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
} as const;

/**
 * Reads React Router's `response` into a `PageAnswer`. An HTML page gets the CSP naming
 * its render's nonce (`pageCsp`: never computed from the body), and its Cache-Control: a
 * shared page `PUBLIC_PAGE_CACHE_CONTROL` (with `Vary: Accept-Encoding` and any `Vary` of
 * its route), any other page its route's, or `private, no-store` when its route gave none.
 * Whatever the kind, an answer on a private page gets `PRIVATE_PAGE_HEADERS`, and an answer
 * to anything but a GET or HEAD (a form's result) `private, no-store`.
 */
export async function prepareAnswer(response: Response, context: AnswerContext): Promise<PageAnswer> {
  const overrides: Record<string, string> = context.page.private
    ? { ...PRIVATE_PAGE_HEADERS }
    : context.method !== "GET" && context.method !== "HEAD"
      ? { "cache-control": "private, no-store" }
      : {};
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/html") || !response.body) {
    if (Object.keys(overrides).length === 0) return { kind: "other", response };
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(overrides)) headers.set(name, value);
    const { status, statusText } = response;
    return { kind: "other", response: new Response(response.body, { status, statusText, headers }) };
  }
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const setCookies = response.headers.getSetCookie();
  const cacheControl = headers["cache-control"] ?? "";
  const shared =
    response.status === 200 &&
    setCookies.length === 0 &&
    Object.keys(overrides).length === 0 &&
    !/private|no-store|no-cache/i.test(cacheControl);
  headers["content-security-policy"] = pageCsp(context.env, context.nonce, context.secure);
  if (shared) {
    headers["cache-control"] = PUBLIC_PAGE_CACHE_CONTROL;
    headers.vary = ["Accept-Encoding", ...(headers.vary ? [headers.vary] : [])].join(", ");
  } else if (!cacheControl) {
    headers["cache-control"] = "private, no-store";
  }
  Object.assign(headers, overrides);
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
 * Sends a kept page in the client's best encoding (brotli, gzip or none) with that
 * encoding's ETag: 304 without a body when the client's `If-None-Match` names it, else the
 * copy already compressed.
 */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  const etag = page.etags[encoding];
  reply.code(page.status).headers(page.headers).header("etag", etag);
  if (matchesEtag(request.headers["if-none-match"], etag)) return reply.code(304).send();
  const body = page[encoding];
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.header("content-length", body.length).send(body);
}
