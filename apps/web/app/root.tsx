import closedByPolyfillUrl from "dialog-closedby-polyfill?url";
import arabicFontUrl from "@fontsource-variable/readex-pro/files/readex-pro-arabic-wght-normal.woff2?url";
import { currentYear } from "@khayl/contract/format";
import { pageRulesOf } from "@khayl/contract/page-rules";
import invokersPolyfillUrl from "invokers-polyfill/fn?url";
import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AnalyticsPageViews, AnalyticsScripts } from "./components/analytics.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { analyticsSetup } from "./lib/analytics.ts";
import { retryAfterHeaders } from "./lib/api-error.ts";
import { companyNameIn } from "./lib/config.ts";
import { errorScreen } from "./lib/error-screen.ts";
import { messagesFor } from "./lib/i18n/catalogue.server.ts";
import { directionOf, languageOfPath, languageOfRequest, localizedPath } from "./lib/i18n/language.ts";
import { i18nFromMatches, LinguiFromMatches } from "./lib/i18n/lingui.tsx";
import { siteDescription } from "./lib/meta.ts";
import { useNonce } from "./lib/nonce.ts";
import siteScriptUrl from "./site-script.js?url";
import "./app.css";
import { unlessUnreachable } from "./lib/unreachable.ts";

/**
 * The public configuration (the company's name in the page's language: decision 016), the
 * page's language (from its path), the current year in Asia/Dubai (the footer's ©), the
 * `core` messages every page shows, and the query the page was rendered with (the language
 * switch's until hydrated: decision 022).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // The host's "too many requests" page (decision 022): the error screen, nothing else.
  if (context.tooManyRequests) throw data(null, { status: 429, statusText: "Too Many Requests" });
  const language = languageOfRequest(request);
  const config = { ...context.config, companyName: companyNameIn(context.config, language) };
  return {
    config,
    language,
    year: currentYear(),
    messages: await messagesFor(request, "core"),
    search: new URL(request.url).search,
  };
}

/**
 * The root's `headers`: its `ErrorBoundary` renders what a route threw, so a thrown refusal's
 * `retry-after` (an alert link page's lookup over its client's budget) reaches the answer
 * here; the form routes pass on their own actions' (`retryAfterHeaders`).
 */
export const headers = retryAfterHeaders;

/** No reload after a post that could not reach the server (`unlessUnreachable`). */
export const shouldRevalidate = unlessUnreachable;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function meta({ data, matches, error, location }: Route.MetaArgs) {
  // Without the root's data (its loader threw: the fallback screen), no catalogue is loaded:
  // the page is titled by its screen, in the page's language, and has no description.
  if (!data) return [{ title: errorScreen(error, languageOfPath(location.pathname)).title }];
  return [{ name: "description", content: i18nFromMatches(matches)._(siteDescription(data.config.companyName)) }];
}

/**
 * The document shell: the page's language and direction (`<html lang="ar" dir="rtl">` under
 * `/ar`), meta, links, the messages of the matched routes, and the scripts: inline ones
 * carry the render's CSP nonce (decision 019). A page whose route declares it private
 * (decision 019) gets no analytics, `noindex, nofollow` and `strict-origin` (the host sends
 * the same as headers). A content page, whose route declares `scripts: false` (decision
 * 024), is rendered without `<Scripts>` and `<ScrollRestoration>`: no React, no router
 * runtime, no module preloads, no inlined loader data; its analytics (when configured) is
 * our one deferred file, which also loads the platform's polyfills (invoker commands,
 * `closedby`) where a browser lacks them. In a browser already running the app (a client navigation from a
 * page with scripts) the scripts stay, so nothing is unmounted under the running app.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const nonce = useNonce();
  const rules = pageRulesOf(useMatches().map((match) => match.handle));
  // In the browser the app runs (a page that hydrates, or a client navigation from one): the
  // scripts stay. Only a server render leaves them out, so the branch is not in the client bundle.
  const scripts = !import.meta.env.SSR || rules.scripts;
  const analytics = rules.private ? null : analyticsSetup(rootData?.config.gaMeasurementId);
  // The error screen has no root data: the path still says the language.
  const language = rootData?.language ?? languageOfPath(location.pathname);
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4a36" />
        <Meta />
        <Links />
        {/* The web app manifest in the page's language (routes/manifest[.]webmanifest.ts). */}
        <link rel="manifest" href={localizedPath("/manifest.webmanifest", language)} />
        {language === "ar" ? (
          <link rel="preload" href={arabicFontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        ) : null}
        {rules.private ? (
          <>
            <meta name="robots" content="noindex, nofollow" />
            <meta name="referrer" content="strict-origin" />
          </>
        ) : null}
        {scripts ? (
          <AnalyticsScripts setup={analytics} />
        ) : (
          <script
            defer
            src={siteScriptUrl}
            data-ga={analytics ? rootData?.config.gaMeasurementId : undefined}
            data-invokers-polyfill={invokersPolyfillUrl}
            data-closedby-polyfill={closedByPolyfillUrl}
          />
        )}
      </head>
      <body>
        <LinguiFromMatches language={language}>
          {children}
          {/* product §9: toasts top-right, closing after 5000 ms; sonner loads on the first toast. */}
          <Toaster />
        </LinguiFromMatches>
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The path whose page this document shows, once the app has run in it: kept by the module,
 * not by a component, because a navigation that ends in an error swaps `App` for
 * `ErrorBoundary`, and the screen that mounts must still know it is a new page. Unset on
 * the server (effects do not run there).
 */
let shownPath: string | undefined;

/**
 * After a client navigation to another path (a link followed on a page that runs the app),
 * focus moves to the new page's heading, as a document load would start there: a keyboard
 * continues from the top of the new page and a screen reader reads its heading
 * (architecture §3.1). The same holds when the new page is the error screen (its loader
 * failed). The first render, a change of query alone (a filter chip) and a form's answer on
 * its own path leave the focus where it is; the scroll position stays `ScrollRestoration`'s.
 */
function useFocusOnNewPage(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === undefined || previous === pathname) return;
    const heading = document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    heading.tabIndex = -1;
    // Without scrolling: the position is `ScrollRestoration`'s (the top of a new page, where
    // Back or Forward left one), as after a document load.
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

export default function App() {
  const { config } = useLoaderData<typeof loader>();
  // Effects run children first: once this one runs, the whole page has hydrated and every
  // component's first effects have run. `html[data-hydrated]` says so to styles and tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  useFocusOnNewPage();
  return (
    <>
      <AnalyticsPageViews measurementId={config.gaMeasurementId} />
      <Outlet />
    </>
  );
}

/**
 * The router fallback (product §2): for a 503 or a 429 its title and what to do, in the
 * page's language; else 'Unexpected Application Error!' then the status and its reason
 * phrase, or the error message (`errorScreen`). No stack trace is shown to visitors.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  useFocusOnNewPage();
  const screen = errorScreen(error, languageOfPath(useLocation().pathname));
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">{screen.title}</h1>
      <p className="mt-4 text-lg">{screen.text}</p>
    </main>
  );
}
