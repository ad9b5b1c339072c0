import { PAGE_ID_SEGMENT, type PageQuery, pageQueryOf, pageRulesOf } from "@khayl/contract/page-rules";
import type { FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";

/**
 * The `handle` exports of `route` and of the routes around it, the route's own first
 * (decision 019: what a route module declares about its pages).
 */
function handlesOf(routes: ServerBuild["routes"], route: ServerBuild["routes"][string]): unknown[] {
  const handles: unknown[] = [];
  for (let at = route; at; at = at.parentId ? routes[at.parentId] : undefined) handles.push(at.module.handle);
  return handles;
}

/** The cookie of the language switch (decision 016); only the English home's answer depends on it. */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=(en|ar)(?:;|$)/;

/**
 * The `show` a list page's "Show more" link writes for the grid that `value` shows (as the
 * page reads it: rounded up to a whole `step`; a missing or bad value, or one step, is the
 * first step and writes none), capped at one step past `listLimit` (a larger value shows the
 * same whole list).
 */
function canonicalShow(value: string | null, { listLimit, step }: PageQuery): number | undefined {
  const asked = Number(value);
  const steps = Number.isInteger(asked) && asked > 0 ? Math.ceil(asked / step) : 1;
  const shown = Math.min(steps, Math.ceil(listLimit / step)) * step;
  return shown > step ? shown : undefined;
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
    const show = canonicalShow(values.get("show"), page);
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

/** One segment of a page's path: written as is (`transport`, `QR`), or an id (`PAGE_ID_SEGMENT`). */
type Segment = string | typeof PAGE_ID_SEGMENT;

/**
 * The page cache's key of a request (decision 017), or the canonical URL it is redirected to,
 * made from the pages of the web build. Only a GET or HEAD of a public page without
 * credentials is kept; the key is the scheme (the CSP of an HTTPS page upgrades insecure
 * requests), the page's canonical URL and, for `/`, the language cookie (the English home
 * redirects a visitor who chose Arabic).
 *
 * The canonical URL is the one the site links to: the path spelled as its route (`/transport`,
 * `/QR`, `/Khayl-App` for `productName` "Khayl"), an id as `PAGE_ID_SEGMENT`, and on a page whose route declares the query
 * it reads (`handle.page.query`: /transport and /flights) the filter chip's slug then `show`,
 * as their links write them (product §2).
 * - Parameters a page does not read (`utm_*`, `fbclid`, `cb=<n>`, and on every page but the two
 *   lists, any) are answered from the canonical URL's copy, the URL left as it is: the page is
 *   the same, and analytics still reports the visited URL with its campaign (product §2).
 * - A path in another case, with percent-escapes, dot segments or a trailing slash
 *   (`/TrAnSpOrT`, `/%74ransport`, `/./transport`, `/blogs/../transport`, `/transport/`), or a
 *   filter or `show` the links do not write
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
    const handles = handlesOf(routes, route);
    if (pageRulesOf(handles).private) continue;
    const pattern: Segment[] = [];
    for (const segment of segments) {
      // The product name is letters and digits (`PRODUCT_NAME`), like every static segment kept.
      if (segment === ":productApp") pattern.push(`${productName}-App`);
      else if (segment === ":id") pattern.push(PAGE_ID_SEGMENT);
      else if (/^[A-Za-z0-9-]+$/.test(segment)) pattern.push(segment);
      else break; // a splat or a parameter of another shape: never kept
    }
    if (pattern.length !== segments.length) continue;
    if (segments.includes(":id")) withIds.push(pattern);
    else {
      const canonical = `/${pattern.join("/")}`;
      exact.set(canonical.toLowerCase(), { path: canonical, page: handles.map(pageQueryOf).find(Boolean) ?? null });
    }
  }

  /**
   * The canonical spelling of a path and the query its page reads, or undefined when it is
   * none of the pages kept. Dot segments (`/./flights`, `/flights/%2e%2e/blogs`, `\..\`) are
   * resolved first, as the URL the page is rendered from resolves them (`pageUrl` in
   * `render.ts`), so such a spelling is redirected to the page that would be rendered.
   */
  const canonicalPath = (written: string): { path: string; page: PageQuery | null } | undefined => {
    // Only a path names a page (`*`, the asterisk form, would parse as `/`).
    if (!written.startsWith("/")) return undefined;
    let segments: string[];
    try {
      segments = new URL(`http://page.invalid${written}`).pathname.split("/").slice(1).map(decodeURIComponent);
    } catch {
      return undefined;
    }
    // Trailing slashes are ignored (product §2), however many.
    while (segments.length > 1 && segments.at(-1) === "") segments.pop();
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
