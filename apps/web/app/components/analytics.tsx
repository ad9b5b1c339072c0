import { useEffect } from "react";
import { useLocation } from "react-router";
import { type AnalyticsSetup, analyticsSetup, isPrivatePath, pageViewPath } from "../lib/analytics.ts";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The gtag.js tags for the document head (architecture §3.9), with the CSP nonce; nothing
 * when no measurement id is configured. The browser hides `nonce` after parsing, so
 * hydration sees a different value: the warning is suppressed on purpose.
 */
export function AnalyticsScripts({ setup, nonce }: { setup: AnalyticsSetup | null; nonce: string }) {
  if (!setup) return null;
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: setup.inline }} />
      <script async src={setup.src} nonce={nonce} suppressHydrationWarning />
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
