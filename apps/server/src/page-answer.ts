import type { Env } from "@khayl/config/env";
import type { PageRules } from "@khayl/contract/page-rules";
import type { FastifyReply, FastifyRequest } from "fastify";
import { pageCsp } from "./csp.ts";
import { type CachedPage, matchesEtag, PUBLIC_PAGE_CACHE_CONTROL, pickEncoding } from "./page-cache.ts";

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
export const PRIVATE_PAGE_HEADERS = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "strict-origin",
} as const;

/**
 * The `Cross-Origin-Opener-Policy` of a page (decision 024, seventh round): `same-origin`
 * on a page that runs the web app (its window holds what the visitor types: the forms, the
 * invoice's payment), is private, or takes or shows a visitor's own data (the e-mail
 * alerts' pages); `unsafe-none` on the other content pages, which run no app and show
 * every visitor the same public text. An opener policy puts the page in a browsing context
 * group of its own, so a browser opens it in a fresh renderer process (and Chrome on
 * Android isolates the whole site in one), a cost such a page would pay for nothing.
 */
function openerPolicy(page: PageRules): "same-origin" | "unsafe-none" {
  return page.scripts || page.private || page.personalData ? "same-origin" : "unsafe-none";
}

/**
 * Reads React Router's `response` into a `PageAnswer`. An HTML page gets the CSP naming
 * its render's nonce (`pageCsp`: never computed from the body), its opener policy
 * (`openerPolicy`), and its Cache-Control: a shared page `PUBLIC_PAGE_CACHE_CONTROL` (with
 * `Vary: Accept-Encoding` and any `Vary` of its route), any other page its route's, or
 * `private, no-store` when its route gave none.
 * Whatever the kind, an answer on a private page gets `PRIVATE_PAGE_HEADERS`, an answer
 * to anything but a GET or HEAD (a form's result) `private, no-store`, and so does any other
 * answer whose route gave no Cache-Control (React Router's `.data`).
 */
export async function prepareAnswer(response: Response, context: AnswerContext): Promise<PageAnswer> {
  const overrides: Record<string, string> = context.page.private
    ? { ...PRIVATE_PAGE_HEADERS }
    : context.method !== "GET" && context.method !== "HEAD"
      ? { "cache-control": "private, no-store" }
      : {};
  const contentType = response.headers.get("content-type") ?? "";
  // A HEAD of a page renders nothing (entry.server.tsx) but gets the page's headers all the same.
  const page = contentType.startsWith("text/html") && (response.body !== null || context.method === "HEAD");
  if (!page) {
    // Like a page, an answer whose route said nothing of caching (a `.data` answer) is kept by no one.
    if (!response.headers.has("cache-control")) overrides["cache-control"] ??= "private, no-store";
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
  headers["cross-origin-opener-policy"] = openerPolicy(context.page);
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
 * A page answer rendered for another URL (the 429 screen, `tooManyRenders`) as sent on a
 * private page (decision 019): with `PRIVATE_PAGE_HEADERS` and the opener policy of a
 * private page, never shared. Answers other than pages pass as they are.
 */
export function asPrivatePage(answer: PageAnswer): PageAnswer {
  if (answer.kind !== "page") return answer;
  const headers = { ...answer.headers, ...PRIVATE_PAGE_HEADERS, "cross-origin-opener-policy": "same-origin" };
  return { ...answer, headers, shared: false };
}

/**
 * Sends a `PageAnswer` that is not kept, as it is; @fastify/compress compresses it for the client.
 */
export function sendAnswer(reply: FastifyReply, answer: PageAnswer) {
  if (answer.kind === "other") return reply.send(answer.response);
  reply.code(answer.status).headers(answer.headers);
  if (answer.setCookies.length) reply.header("set-cookie", answer.setCookies);
  // A HEAD was rendered without a body: it sends no length rather than a length of 0.
  return reply.send(reply.request.method === "HEAD" ? undefined : answer.body);
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
