import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AnalyticsPageViews, AnalyticsScripts } from "./components/analytics.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { analyticsSetup, isPrivatePath } from "./lib/analytics.ts";
import { catalogueFor, useT } from "./lib/i18n/index.ts";
import { useNonce } from "./lib/nonce.tsx";
import "./app.css";

export function loader({ context }: Route.LoaderArgs) {
  return { config: context.config, language: "en" as const };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function meta({ data }: Route.MetaArgs) {
  const company = data?.config.companyName ?? "";
  return [{ name: "description", content: catalogueFor().meta.siteDescription(company) }];
}

/** The document shell: language and direction, meta, links and scripts with the CSP nonce. */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4a36" />
        <Meta />
        <Links />
        <AnalyticsScripts
          setup={isPrivatePath(location.pathname) ? null : analyticsSetup(rootData?.config.gaMeasurementId)}
          nonce={nonce}
        />
      </head>
      <body>
        {children}
        {/* product §9: toasts top-right, closing after 5000 ms; sonner loads on the first toast. */}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { config } = useLoaderData<typeof loader>();
  // Effects run children first: once this one runs, the whole page has hydrated and every
  // component's first effects have run. `html[data-hydrated]` says so to styles and tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <>
      <AnalyticsPageViews measurementId={config.gaMeasurementId} />
      <Outlet />
    </>
  );
}

/**
 * The router fallback (product §2): 'Unexpected Application Error!' then the status and
 * status text, or the error message. No stack trace is shown to visitors.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">{t.errors.unexpected}</h1>
      <p className="mt-4 text-lg">{detail}</p>
    </main>
  );
}
