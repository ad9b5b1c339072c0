import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import { useMemo } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import type { Language } from "./language.ts";

interface MatchWithData {
  id?: string;
  data?: unknown;
  loaderData?: unknown;
}

/** The messages in the loader data of the matched routes (each sends its own area's). */
function mergedMessages(matches: readonly (MatchWithData | undefined)[]): Messages {
  return Object.assign(
    {},
    ...matches.map((m) => ((m?.loaderData ?? m?.data) as { messages?: Messages } | undefined)?.messages),
  );
}

/** The page's language, from the root loader (English when it is missing, e.g. on the error screen). */
export function useLanguage(): Language {
  const root = useRouteLoaderData("root") as { language?: Language } | undefined;
  return root?.language ?? "en";
}

/**
 * The `lang` attribute of an item from the API on this page (decision 016): its own language
 * when it differs from the page's (an English blog on an Arabic page: `en`), else none.
 */
export function useContentLang(language: Language | null | undefined): Language | undefined {
  return foreignLang(language, useLanguage());
}

/** `useContentLang` for lists: the item's language when it is not the page's, else undefined. */
export function foreignLang(item: Language | null | undefined, page: Language): Language | undefined {
  return item && item !== page ? item : undefined;
}

/** The language of a page as its `meta` sees it (the root match's data). */
export function languageFromMatches(matches: readonly (MatchWithData | undefined)[]): Language {
  const root = matches.find((m) => m?.id === "root")?.data as { language?: Language } | undefined;
  return root?.language ?? "en";
}

/**
 * An i18n instance for a route's `meta` (or any code outside React) from the matches'
 * loader data: `i18nFromMatches(matches)._(msg\`…\`)`.
 */
export function i18nFromMatches(matches: readonly (MatchWithData | undefined)[]): I18n {
  const language = languageFromMatches(matches);
  return setupI18n({ locale: language, messages: { [language]: mergedMessages(matches) } });
}

/**
 * Gives every component the messages of the matched routes in the page's language
 * (`useLingui()` from `@lingui/react/macro`). One instance per render, never a global:
 * concurrent server renders in two languages cannot mix. Not Lingui's `<I18nProvider>`,
 * which keeps its first instance until an effect runs: after a client navigation the new
 * page would render with the old page's messages.
 */
export function LinguiFromMatches({ language, children }: { language: Language; children: React.ReactNode }) {
  const matches = useMatches();
  const key = matches.map((m) => m.id).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route ids stand for the matches' messages (a new match, new messages)
  const value = useMemo(() => {
    const i18n = setupI18n({ locale: language, messages: { [language]: mergedMessages(matches) } });
    return { i18n, _: i18n.t.bind(i18n) };
  }, [language, key]);
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}
