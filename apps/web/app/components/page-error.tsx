import { type MetaDescriptor, useRouteError } from "react-router";
import { errorScreen } from "../lib/error-screen.ts";
import { languageFromMatches, useLanguage } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageTitle } from "../lib/meta.ts";

/**
 * A content page's own error boundary (its route exports it as `ErrorBoundary`): what the
 * route threw (a 503 when the API could not give its list, product §4) as the root's
 * fallback says it (`errorScreen`), inside the site's header and footer, so a visitor keeps
 * the navigation, the contact page and WhatsApp during an outage instead of a bare screen.
 */
export function PageError() {
  const screen = errorScreen(useRouteError(), useLanguage());
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">{screen.title}</h1>
      <p className="mt-4 text-lg">{screen.text}</p>
    </div>
  );
}

/**
 * The head of a content page whose loader threw (its `meta` gets the `error`): titled as
 * `PageError` says it, in the page's language, and `noindex`. Its own texts came with the
 * loader that threw, so they are not there to use (a title would read as a message id).
 */
export function errorPageMeta(matches: Parameters<typeof companyFromMatches>[0], error: unknown): MetaDescriptor[] {
  return [
    { title: pageTitle(errorScreen(error, languageFromMatches(matches)).title, companyFromMatches(matches)) },
    { name: "robots", content: "noindex" },
  ];
}
