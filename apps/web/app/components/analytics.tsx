import { pageRulesOf } from "@khayl/contract/page-rules";
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { type AnalyticsSetup, analyticsSetup, installGtag, pageViewPath } from "../lib/analytics.ts";
import { useNonce } from "../lib/nonce.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The gtag.js tags for the document head (architecture §3.9); nothing when no measurement id
 * is configured or the page is private (its caller passes null). The inline bootstrap
 * carries the render's CSP nonce (decision 019), the loader is allowed by the host named in
 * the CSP.
 */
export function AnalyticsScripts({ setup }: { setup: AnalyticsSetup | null }) {
  const nonce = useNonce();
  if (!setup) return null;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our gtag bootstrap (the id JSON-encoded) */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: setup.inline }} />
      <script async src={setup.src} />
    </>
  );
}

/**
 * Sends one page view (path and query, product §2) when the app starts and one after
 * every client navigation (gtag.js may be there from an earlier public page). A private
 * page (decision 019) is reported by its route's parameter names, never its URL, and its
 * title (an invoice's names its reference) is replaced by that path; the same location is
 * `set` for every later event of the page. A public page reached from a private one, which
 * loaded no analytics, defines gtag first (`installGtag`). Renders nothing; does nothing
 * without a measurement id.
 */
export function AnalyticsPageViews({ measurementId }: { measurementId: string | null }) {
  const location = useLocation();
  const matches = useMatches();
  const enabled = analyticsSetup(measurementId) !== null;
  const secret = pageRulesOf(matches.map((match) => match.handle)).private;
  const path = pageViewPath(location, secret ? (matches.at(-1)?.params ?? {}) : null);
  useEffect(() => {
    if (!enabled || !measurementId) return;
    if (!secret) installGtag(window, measurementId);
    const page = {
      page_path: path,
      page_location: `${window.location.origin}${path}`,
      page_title: secret ? path : document.title,
    };
    // Every later event of this page (gtag.js's automatic ones too) reports the same.
    window.gtag?.("set", page);
    window.gtag?.("event", "page_view", page);
  }, [enabled, measurementId, path, secret]);
  return null;
}
