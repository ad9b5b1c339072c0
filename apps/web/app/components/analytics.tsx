import { useEffect } from "react";
import { useLocation } from "react-router";
import { type AnalyticsSetup, analyticsSetup, isPrivatePath, pageViewPath } from "../lib/analytics.ts";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The gtag.js tags for the document head (architecture §3.9); nothing when no measurement id
 * is configured. The inline bootstrap is allowed by its hash in the page's CSP (decision
 * 017), the loader by the host named in the CSP.
 */
export function AnalyticsScripts({ setup }: { setup: AnalyticsSetup | null }) {
  if (!setup) return null;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our gtag bootstrap (the id JSON-encoded) */}
      <script dangerouslySetInnerHTML={{ __html: setup.inline }} />
      <script async src={setup.src} />
    </>
  );
}

/**
 * Sends one page view (path and query, product §2) when the app starts and one after
 * every client navigation. Renders nothing; does nothing without a measurement id.
 */
export function AnalyticsPageViews({ measurementId }: { measurementId: string | null }) {
  const location = useLocation();
  const enabled = analyticsSetup(measurementId) !== null;
  const path = pageViewPath(location);
  useEffect(() => {
    if (!enabled) return;
    window.gtag?.("event", "page_view", {
      page_path: path,
      page_location: `${window.location.origin}${path}`,
      // An invoice's title names its reference: report the page kind only.
      page_title: isPrivatePath(window.location.pathname) ? "Invoice" : document.title,
    });
  }, [enabled, path]);
  return null;
}
