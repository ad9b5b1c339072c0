import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { newNonce } from "../csp.ts";
import { type PageAnswer, sendAnswer, sendCachedPage } from "../page-answer.ts";
import { cachedPage, type createPageCache } from "../page-cache.ts";
import type { PageRoute } from "../page-cache-keys.ts";
import type { createReadBudget } from "../read-budgets.ts";
import { pageUrl, type Renderer } from "../render.ts";

export interface PagesOptions {
  renderer: Renderer;
  /** The full-page cache (decision 017). */
  pageCache: ReturnType<typeof createPageCache>;
  /** The page cache's key of a request, from the build's route declarations (`pageCacheKeys`); none in dev. */
  pageCacheKey: ((request: FastifyRequest, secure: boolean) => PageRoute) | undefined;
  /** The budget of renders per client (`RENDER_BUDGET_PER_MINUTE`, decision 022). */
  renders: ReturnType<typeof createReadBudget>;
  /** `npm run dev`: every page is rendered, with `devCsp`. */
  dev: boolean;
  /** The methods a page URL takes (`pageMethodsOfBuild`); undefined in dev. */
  pageMethods: ((url: URL) => readonly string[]) | undefined;
}

/** `npm run dev` only: Vite's client and React refresh use inline scripts, eval and a websocket. */
const devCsp = "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob: ws: wss:";

/**
 * React Router's server render for every path no other route answers, in a scope of its own
 * (any body is handed to React Router unparsed). In production a public page is served from
 * the page cache (decision 017; `x-page-cache: hit|miss`, rendered as a detached GET when
 * missing or stale), another spelling of it answers 301 to its canonical URL, and anything
 * else is rendered for the request. A render for the request (never a kept copy) counts
 * against its client's render budget; past it the 429 page answers (decision 022).
 * A method the page does not take (`pageMethods`: a `PUT` to a form, a `POST` to a page with
 * no form) is refused with 405 and `Allow` before its body is read or anything renders.
 * Registered without fastify-plugin: its content-type parser must not reach the API.
 */
export async function pages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { renderer, pageCache, pageCacheKey, renders, dev, pageMethods } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  if (pageMethods)
    app.addHook("onRequest", async (request) => {
      // Every page takes GET and HEAD: the page cache's hits skip the route match.
      if (request.method === "GET" || request.method === "HEAD") return;
      // Appended, never resolved: `//host/x` is the path `//host/x` (as `pageUrl` reads it);
      // a target that makes no URL is left to the render, which refuses it (400).
      const url = URL.parse(`http://page.invalid${request.url}`);
      const allowed = url ? pageMethods(url) : undefined;
      if (allowed && !allowed.includes(request.method))
        throw Object.assign(new Error("Method not allowed"), {
          statusCode: 405,
          headers: { allow: allowed.join(", ") },
        });
    });
  app.all("/*", async (request: FastifyRequest, reply: FastifyReply) => {
    if (dev) {
      reply.header("content-security-policy", devCsp);
      return reply.send(await renderer.render(request, reply, false, newNonce()));
    }
    // A Host header that makes no origin (`pageUrl`) is a 400 before any copy is looked up.
    pageUrl(request);
    const secure = request.protocol === "https";
    const route = pageCacheKey?.(request, secure);
    if (route && "location" in route)
      return reply.code(301).header("location", route.location).header("cache-control", "public, max-age=3600").send();
    // Only a render for this request counts against its client's budget, never a kept copy.
    if (!route || !pageCache.holds(route.key)) {
      const waitMs = renders.take(request.ip);
      if (waitMs) return renderer.tooManyRenders(request, reply, waitMs, secure);
    }
    if (!route) {
      const page = await renderer.answer(request, reply, false);
      // An action that stopped reading a body (too large) leaves the rest unread: close
      // the connection after this answer instead of draining it.
      if (!request.raw.complete) reply.header("connection", "close");
      return sendAnswer(reply, page);
    }
    // A page kept for everyone is rendered as a GET without this client's abort signal: a
    // refresh in the background outlives the request that found the copy stale.
    const result = await pageCache.get<PageAnswer>(route.key, async () => {
      const page = await renderer.answer(request, reply, true, { url: route.url });
      return page.kind === "page" && page.shared
        ? { keep: await cachedPage(page.status, page.headers, page.body) }
        : { pass: page, status: page.kind === "page" ? page.status : page.response.status };
    });
    if ("passed" in result) return sendAnswer(reply, result.passed);
    reply.header("x-page-cache", result.hit ? "hit" : "miss");
    return sendCachedPage(request, reply, result.page);
  });
}
