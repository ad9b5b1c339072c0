/**
 * Analytics (product §2, architecture §3.9): Google Analytics 4 via gtag.js, only when a
 * measurement id is configured. Without one the page gets no script and makes no
 * request. Page views are sent by the app itself (`send_page_view: false`) so that
 * the start and every client navigation count exactly once.
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

/** Paths that carry a secret: an invoice link's token gives access to the invoice. */
const PRIVATE_PATH = /^\/invoice\/[^/]+/i;

/**
 * True for pages whose URL is a secret (invoice links). They load no analytics script:
 * a payment page carries no third-party code, and the analytics service's automatic
 * events (outbound clicks, file downloads) would otherwise send the token away.
 */
export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH.test(pathname);
}

/**
 * The page reported for a location: path plus query string (product §2), e.g.
 * `/flights?type=export`; an invoice token is replaced by `:hash`.
 */
export function pageViewPath(location: { pathname: string; search: string }): string {
  return `${location.pathname.replace(PRIVATE_PATH, "/invoice/:hash")}${location.search}`;
}
