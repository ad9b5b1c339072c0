/**
 * Analytics (product §2, architecture §3.9): Google Analytics 4 via gtag.js, only when a
 * measurement id is configured. Without one the page gets no script and makes no
 * request. On a page with scripts, page views are sent by the app itself
 * (`send_page_view: false`) so that the start and every client navigation count exactly
 * once; on a content page without scripts (decision 024) our site script loads gtag.js
 * for the id and its `config` sends the page's one page view.
 */

/** What the document head needs to load gtag.js: the script address and the inline bootstrap. */
export interface AnalyticsSetup {
  src: string;
  inline: string;
}

/** Measurement ids look like `G-XXXXXXXXXX` (older: `UA-…`, `AW-…`): letters, digits, dashes. */
const MEASUREMENT_ID = /^[A-Za-z0-9-]{1,40}$/;

/**
 * The analytics scripts for a measurement id, or `null` for none (no id, or one that
 * is not a plausible id — it is placed in an inline script, so nothing else may pass).
 */
export function analyticsSetup(measurementId: string | null | undefined): AnalyticsSetup | null {
  if (!measurementId || !MEASUREMENT_ID.test(measurementId)) return null;
  const id = JSON.stringify(measurementId);
  return {
    src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`,
    inline:
      "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;" +
      `gtag("js",new Date());gtag("config",${id},{send_page_view:false});`,
  };
}

/** A window's gtag.js globals, as `AnalyticsSetup.inline` defines them. */
export interface GtagGlobals {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}

/**
 * Defines gtag's queue and function on `target` (the window) as the inline bootstrap of
 * `analyticsSetup` does, with the same `js` and `config` (`send_page_view: false`), when
 * they are missing; does nothing when `gtag` is there. A page that starts without them and
 * then shows a public page is a client navigation from a private page (decision 019: no
 * analytics there), and React adds no inline script after hydration: without this, gtag.js
 * would load for the public page and report nothing.
 */
export function installGtag(target: GtagGlobals, measurementId: string): void {
  if (target.gtag) return;
  target.dataLayer ??= [];
  const queue = target.dataLayer;
  target.gtag = function gtag() {
    // gtag.js reads its queue's entries as `arguments` objects, as Google's snippet pushes them.
    // biome-ignore lint/complexity/noArguments: gtag.js needs the Arguments object itself
    queue.push(arguments);
  };
  target.gtag("js", new Date());
  target.gtag("config", measurementId, { send_page_view: false });
}

/**
 * The page reported for a location: path plus query string (product §2), e.g.
 * `/flights?type=export`. On a private page (decision 019: its route declares it; an
 * invoice link) every path segment that is one of the route's parameters is reported by
 * its name instead (`/ar/invoice/:hash`), so the link's token never leaves the site.
 * `secretParams` are the matched route's parameters on a private page, null elsewhere.
 */
export function pageViewPath(
  location: { pathname: string; search: string },
  secretParams: Readonly<Record<string, string | undefined>> | null,
): string {
  if (!secretParams) return `${location.pathname}${location.search}`;
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(secretParams)) if (value) names.set(value, name);
  const path = location.pathname
    .split("/")
    .map((segment) => {
      const name = names.get(decodeSegment(segment));
      return name === undefined ? segment : `:${name}`;
    })
    .join("/");
  return `${path}${location.search}`;
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
