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
}

/** A route module's `handle` as the web app's routes write it. */
export interface RouteHandle {
  page?: Partial<PageRules>;
}

/**
 * The rules of a request from the `handle` of every route it matched (root first, as
 * `useMatches()` or `matchRoutes` list them; any value, since a route may declare none):
 * private when any matched route says so.
 */
export function pageRulesOf(handles: readonly unknown[]): PageRules {
  return {
    private: handles.some((handle) => (handle as RouteHandle | undefined)?.page?.private === true),
  };
}
