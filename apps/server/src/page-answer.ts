import type { Env } from "@khayl/config/env";
import { disciplineBySlug } from "@khayl/contract/disciplines";
import { flightTypeBySlug } from "@khayl/contract/flight-types";
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
 * The query a list page reads (product §2, /transport and /flights), as its own links write
 * it: first its filter chip (`name=<slug>`), then `show=<n>` of its "Show more" link. `slug`
 * reads a filter value as the page does (an unknown one is All: undefined); `listLimit` is
 * the number of cards the page fetches (product §7).
 */
interface PageQuery {
  filter: string;
  slug: (value: string | null) => string | undefined;
  listLimit: number;
}

/**
 * The pages that read a query, by their path without the `/ar` prefix; every other page
 * reads none. The limits are product §7's query shapes (`transportEventsQuery`,
 * `flightsPageQuery`).
 */
const PAGE_QUERIES: Record<string, PageQuery> = {
  transport: { filter: "discipline", slug: (value) => disciplineBySlug(value)?.slug, listLimit: 100 },
  flights: { filter: "type", slug: flightTypeBySlug, listLimit: 1000 },
};

/** A page id segment as the site writes it: digits without a leading zero (`/blogs/12`, never `/blogs/012`). */
const ID_SEGMENT = /^[1-9][0-9]*$/;

/**
 * The `show` a list page's "Show more" link writes for the grid that `value` shows (as
 * `shownCount` reads it: rounded up to a whole step; a missing or bad value, or one step,
 * is the first step and writes none), capped at one step past `listLimit` (a larger value
 * shows the same whole list).
 */
function canonicalShow(value: string | null, listLimit: number): number | undefined {
  const asked = Number(value);
  const steps = Number.isInteger(asked) && asked > 0 ? Math.ceil(asked / CARDS_PER_STEP) : 1;
  const shown = Math.min(steps, Math.ceil(listLimit / CARDS_PER_STEP)) * CARDS_PER_STEP;
  return shown > CARDS_PER_STEP ? shown : undefined;
}

/**
 * A query (the text after `?`) split into what the page reads and what it does not:
 * `written`, the parameters it reads as they were written, in their order; `canonical`,
 * the same answer as its own links write it (`type=import&show=48`, or "" for none);
 * `unread`, every other parameter as written (`utm_source=…`, `cb=…`), which changes
 * nothing in the page.
 */
function splitQuery(page: PageQuery | null, query: string): { written: string; canonical: string; unread: string[] } {
  const read: string[] = [];
  const unread: string[] = [];
  const values = new URLSearchParams(query);
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const [name] = new URLSearchParams(pair).keys();
    if (page && (name === page.filter || name === "show")) read.push(pair);
    else unread.push(pair);
  }
  const canonical: string[] = [];
  if (page) {
    const slug = page.slug(values.get(page.filter));
    if (slug) canonical.push(`${page.filter}=${slug}`);
    const show = canonicalShow(values.get("show"), page.listLimit);
    if (show) canonical.push(`show=${show}`);
  }
  return { written: read.join("&"), canonical: canonical.join("&"), unread };
}

/**
 * What the host does with a page request (decision 017): `key`, serve the page cache's copy
 * of that key, rendered from the canonical `url` when missing; `location`, answer 301 to the page's canonical URL;
 * undefined, render it for this request alone (the render budget counts it: decision 022).
 */
export type PageRoute = { key: string; url: string } | { location: string } | undefined;

/** One segment of a page's path: written as is (`transport`, `QR`), or an id (`ID_SEGMENT`). */
type Segment = string | typeof ID_SEGMENT;

/**
 * The page cache's key of a request (decision 017), or the canonical URL it is redirected to,
 * made from the pages of the web build. Only a GET or HEAD of a public page without
 * credentials is kept; the key is the scheme (the CSP of an HTTPS page upgrades insecure
 * requests), the page's canonical URL and, for `/`, the language cookie (the English home
 * redirects a visitor who chose Arabic).
 *
 * The canonical URL is the one the site links to: the path spelled as its route (`/transport`,
 * `/QR`, `/Khayl-App` for `productName` "Khayl"), an id as `[1-9][0-9]*`, and on /transport and
 * /flights the filter chip's slug then `show`, as their links write them (product §2).
 * - Parameters a page does not read (`utm_*`, `fbclid`, `cb=<n>`, and on every page but the two
 *   lists, any) are answered from the canonical URL's copy, the URL left as it is: the page is
 *   the same, and analytics still reports the visited URL with its campaign (product §2).
 * - A path in another case, with percent-escapes or a trailing slash (`/TrAnSpOrT`,
 *   `/%74ransport`, `/transport/`), or a filter or `show` the links do not write
 *   (`?type=IMPORT`, `?show=7`, `?show=48&discipline=dressage`, a repeated one) answers 301
 *   to the canonical URL, with the unread parameters kept after the canonical ones.
 * - Anything else (`/blogs/0012`, a `.data` request, a POST) is rendered for that request
 *   alone. Invoice pages, resource routes (feeds, the PDF) and the catch-all are neither
 *   kept nor redirected.
 * Whatever the requests, the cache holds at most one copy per page the site links to.
 */
export function pageCacheKeys(
  routes: ServerBuild["routes"],
  productName: string,
): (request: FastifyRequest, secure: boolean) => PageRoute {
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  /** Canonical static paths by their lower-case spelling, and the query each reads (null: none). */
  const exact = new Map<string, { path: string; page: PageQuery | null }>();
  const withIds: Segment[][] = [];
  for (const route of Object.values(routes)) {
    if (!route || parents.has(route.id) || typeof route.module.default !== "function") continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
      if (at.path) segments.unshift(...at.path.split("/"));
    if (declaredPrivate(routes, route)) continue;
    const pattern: Segment[] = [];
    for (const segment of segments) {
      // The product name is letters and digits (`PRODUCT_NAME`), like every static segment kept.
      if (segment === ":productApp") pattern.push(`${productName}-App`);
      else if (segment === ":id") pattern.push(ID_SEGMENT);
      else if (/^[A-Za-z0-9-]+$/.test(segment)) pattern.push(segment);
      else break; // a splat or a parameter of another shape: never kept
    }
    if (pattern.length !== segments.length) continue;
    if (segments.includes(":id")) withIds.push(pattern);
    else {
      const name = (segments[0] === "ar" ? segments.slice(1) : segments).join("/");
      const canonical = `/${pattern.join("/")}`;
      exact.set(canonical.toLowerCase(), { path: canonical, page: PAGE_QUERIES[name] ?? null });
    }
  }

  /** The canonical spelling of a path and the query its page reads, or undefined when it is none of the pages kept. */
  const canonicalPath = (written: string): { path: string; page: PageQuery | null } | undefined => {
    let segments: string[];
    try {
      segments = written.split("/").slice(1).map(decodeURIComponent);
    } catch {
      return undefined;
    }
    if (segments.length > 1 && segments.at(-1) === "") segments.pop();
    if (segments.some((segment) => segment.includes("/"))) return undefined;
    const found = exact.get(`/${segments.join("/")}`.toLowerCase());
    if (found) return found;
    const pattern = withIds.find(
      (candidate) =>
        candidate.length === segments.length &&
        candidate.every((part, at) =>
          typeof part === "string" ? part.toLowerCase() === segments[at]?.toLowerCase() : part.test(segments[at] ?? ""),
        ),
    );
    if (!pattern) return undefined;
    return {
      path: `/${pattern.map((part, at) => (typeof part === "string" ? part : segments[at])).join("/")}`,
      page: null,
    };
  };

  return (request, secure) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || request.headers.authorization) return undefined;
    const mark = request.url.indexOf("?");
    const written = mark < 0 ? request.url : request.url.slice(0, mark);
    const found = canonicalPath(written);
    if (!found) return undefined;
    const query = splitQuery(found.page, mark < 0 ? "" : request.url.slice(mark + 1));
    const url = query.canonical ? `${found.path}?${query.canonical}` : found.path;
    if (found.path !== written || query.written !== query.canonical) {
      const kept = [query.canonical, ...query.unread].filter(Boolean).join("&");
      return { location: kept ? `${found.path}?${kept}` : found.path };
    }
    const language = found.path === "/" ? (LANGUAGE_COOKIE.exec(request.headers.cookie ?? "")?.[1] ?? "") : "";
    return { key: `${secure ? "https" : "http"} ${url} ${language}`, url };
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
  // A page without scripts (decision 024) wrote no inline script: its policy names no nonce.
  headers["content-security-policy"] = pageCsp(
    context.env,
    context.page.scripts ? context.nonce : null,
    context.secure,
  );
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
