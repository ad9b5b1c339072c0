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
   * `Referrer-Policy: strict-origin` (its path never leaves it, not even to the next page of
   * the site, whose analytics would report it; its forms still say their origin), and is
   * never kept by the page cache (architecture §3.9).
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
  /**
   * The page takes or shows a visitor's own data without running the web app (the e-mail
   * alerts' form and the pages of their links: decision 028). Like every page that runs
   * the app or is private, it keeps other sites' windows away from it
   * (`Cross-Origin-Opener-Policy: same-origin`), which a content page that shows every
   * visitor the same public text does not send (decision 024, seventh round). False
   * unless a matched route declares it.
   */
  personalData: boolean;
}

/**
 * The query a list page reads (product §2, /transport and /flights), declared by its route
 * (decision 025) so that the page cache keeps one copy per answer the page gives, under the
 * URL the page's own links write: first its filter chip (`<filter>=<slug>`), then `show=<n>`
 * of its "Show more" link. Every other page reads no query.
 */
export interface PageQuery {
  /** The filter chip's parameter (`discipline`, `type`). */
  filter: string;
  /** A filter value as the page reads it: the chip's slug, or undefined for All (unknown values too). */
  slug: (value: string | null) => string | undefined;
  /** The cards the page fetches: product §7's list limit of its query. */
  listLimit: number;
  /** The cards a "Show more" step adds (the grid grows in steps of this many). */
  step: number;
}

/** A route module's `handle` as the web app's routes write it. */
export interface RouteHandle {
  page?: Partial<PageRules> & {
    /** The query the page reads; none when absent. */
    query?: PageQuery;
    /**
     * This route's page is the one the host renders as its "too many requests" screen
     * (decision 022): past a client's render budget, the host renders it in the request's
     * language with `context.tooManyRequests`, and the root loader answers 429 with the
     * error screen (decision 025: the server names no path). Declared by one public
     * content page, so the screen is complete in its server HTML and ships no script.
     */
    tooManyRequests?: true;
  };
}

/**
 * A page id segment as the site's links write it (`/blogs/12`, never `/blogs/012`): digits
 * without a leading zero. The routes' `:id` segments are written so.
 */
export const PAGE_ID_SEGMENT = /^[1-9][0-9]*$/;

/** The query a route declares it reads (`RouteHandle.page.query`), from its module's `handle` (any value). */
export function pageQueryOf(handle: unknown): PageQuery | undefined {
  return (handle as RouteHandle | undefined)?.page?.query;
}

/** Whether a route module's `handle` (any value) declares the host's "too many requests" page. */
export function declaresTooManyRequestsPage(handle: unknown): boolean {
  return (handle as RouteHandle | undefined)?.page?.tooManyRequests === true;
}

/**
 * The rules of a request from the `handle` of every route it matched (root first, as
 * `useMatches()` or `matchRoutes` list them; any value, since a route may declare none):
 * private when any matched route says so; without scripts when any matched route declares
 * `scripts: false`; with personal data when any matched route says so.
 */
export function pageRulesOf(handles: readonly unknown[]): PageRules {
  const declared = handles.map((handle) => (handle as RouteHandle | undefined)?.page);
  return {
    private: declared.some((page) => page?.private === true),
    scripts: !declared.some((page) => page?.scripts === false),
    personalData: declared.some((page) => page?.personalData === true),
  };
}
