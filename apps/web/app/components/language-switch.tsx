import { useSyncExternalStore } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { type Language, localizedPath, otherLanguage, unlocalizedPath } from "../lib/i18n/language.ts";
import { useLanguage } from "../lib/i18n/lingui.tsx";
import type { loader as rootLoader } from "../root.tsx";

/** Each language's name in itself: what a reader of that language looks for. */
const names: Record<Language, string> = { en: "English", ar: "العربية" };

/** The cookie that remembers a visitor's choice of language (decision 016). */
export const LANGUAGE_COOKIE = "lang";

/**
 * The language switch (decision 016): a link to this same page in the other language, the
 * query string kept. Choosing it also remembers the choice for a year (the `lang` cookie),
 * so that the home page of a returning visitor opens in it; nobody is sent to a language
 * they did not choose. A plain link: on a content page our site script (decision 024)
 * remembers the choice (`a[hreflang]`), in a browser running the app its click
 * handler does; with no script at all it still leads there (without the memory).
 *
 * A kept page is served for every query it does not read (decision 022), so the HTML keeps
 * the query it was rendered with (the root loader's `search`) and only once hydrated does
 * the link take the address bar's (`?utm_source=…` included), without a hydration mismatch.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const language = useLanguage();
  const location = useLocation();
  const rendered = useRouteLoaderData<typeof rootLoader>("root")?.search;
  const hydrated = useSyncExternalStore(subscribeToNothing, isBrowser, isServer);
  const other = otherLanguage(language);
  const search = hydrated || rendered === undefined ? location.search : rendered;
  const to = `${localizedPath(unlocalizedPath(location.pathname), other)}${search}`;
  return (
    <Link
      to={to}
      lang={other}
      hrefLang={other}
      onClick={() => {
        // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie; the Cookie Store API is not in every browser this site serves
        document.cookie = `${LANGUAGE_COOKIE}=${other}; Path=/; Max-Age=31536000; SameSite=Lax`;
      }}
      className={`inline-flex min-h-11 shrink-0 items-center rounded-lg px-3 py-2 font-medium text-ink hover:text-brand ${className}`}
    >
      {names[other]}
    </Link>
  );
}

/** `useSyncExternalStore` inputs of "hydrated": false on the server and while hydrating, then true. */
const subscribeToNothing = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;
