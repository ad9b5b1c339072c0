import { PassThrough } from "node:stream";
import { pageRulesOf } from "@khayl/contract/page-rules";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { dropModulePreloads } from "./lib/drop-module-preloads.server.ts";
import { NonceContext } from "./lib/nonce.ts";

export const streamTimeout = 5_000;

/** React Router's own refusal of a form posted with a foreign or malformed `Origin` (answered 400). */
const CSRF_REFUSAL = /Aborting the action\.$/;

/**
 * React Router's error hook. A client's mistake that the answer already states (a route
 * error response below 500, such as 405 for a method a page has no action for, or the
 * 400 of React Router's `Origin` check) is not logged: React Router's default printed each
 * with its stack and its URL, an invoice link's token included, to the console. Anything
 * else goes to the host's logger, which keeps personal data and tokens out
 * (architecture §2).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && CSRF_REFUSAL.test(error.message)) return;
  const log = (context as AppLoadContext | undefined)?.log;
  if (log) log.error({ err: error }, "page request failed");
  else console.error("page request failed (no logger)");
};

/**
 * Server render (React Router's default Node entry). The HTML goes out without module
 * preload hints (`dropModulePreloads`), and every inline script it holds (React's, React
 * Router's hydration and streaming scripts, ours) carries the nonce the host drew for this
 * render (`loadContext.nonce`) and names in the page's CSP (decision 019). A content page
 * (its route declares `scripts: false`, decision 024) has no inline script, so its render
 * gets no nonce and writes none (React would put it on the `<link>`s it hoists): the same
 * content renders to the same bytes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const rules = pageRulesOf(routerContext.staticHandlerContext.matches.map((match) => match.route.handle));
  if (request.method.toUpperCase() === "HEAD") {
    // Nothing is rendered for a HEAD; it is told what the GET would send (a page), without a body.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // A content page writes no inline script, so it carries no nonce either: its HTML is
    // the same on every render (a re-render after a content change elsewhere, or another
    // instance, keeps the visitor's ETag and answers 304: decision 024).
    const nonce = rules.scripts ? loadContext.nonce : undefined;
    const app = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = dropModulePreloads();
        html.pipe(body);
        pipe(html);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.log.error({ err: error }, "streaming render failed");
      },
    });
  });
}
