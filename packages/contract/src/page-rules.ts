/**
 * What a route of the web app declares about the pages it answers (decision 019), in its
 * route module's `handle` export: `export const handle = { page: { private: true } } satisfies RouteHandle`.
 * The declaration belongs to the module, so it holds under every language prefix that
 * reuses the module (`/invoice/{hash}` and `/ar/invoice/{hash}` alike: decision 016). The
 * web app reads it through React Router's `useMatches()`, the host through the build's
 * route modules; neither looks at the path.
 */
export interface PageRules {
  /**
   * The URL is a secret (an invoice link's token gives access to the invoice: product §6).
   * Such a page loads no analytics (its page view names the route, not the URL), answers
   * `Cache-Control: private, no-store`, `X-Robots-Tag: noindex` and
   * `Referrer-Policy: no-referrer`, and is never kept by the page cache (architecture §3.9).
   */
  private: boolean;
  /**
   * The page runs the web app in the browser (decision 024). A content page, whose route
   * declares `scripts: false`, is complete in its server HTML: it goes out without React,
   * the router's runtime, module preloads or inlined loader data, with no inline executable
   * script, and its CSP allows only our own files (and the analytics host when configured)
   * without a nonce. Its behaviours are the platform's (links, `<dialog>` and invoker
   * commands, CSS scroll-snap), plus at most our one small deferred file. True unless a
   * matched route declares otherwise.
   */
  scripts: boolean;
}

/** A route module's `handle` as the web app's routes write it. */
export interface RouteHandle {
  page?: Partial<PageRules>;
}

/**
 * The rules of a request from the `handle` of every route it matched (root first, as
 * `useMatches()` or `matchRoutes` list them; any value, since a route may declare none):
 * private when any matched route says so; without scripts when any matched route declares
 * `scripts: false`.
 */
export function pageRulesOf(handles: readonly unknown[]): PageRules {
  const declared = handles.map((handle) => (handle as RouteHandle | undefined)?.page);
  return {
    private: declared.some((page) => page?.private === true),
    scripts: !declared.some((page) => page?.scripts === false),
  };
}
