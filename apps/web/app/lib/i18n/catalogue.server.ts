import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { type Language, languageOfRequest } from "./language.ts";

/**
 * The compiled message catalogues (apps/web/app/locales/<language>/<area>.po, compiled by
 * Lingui's Vite plugin when imported). Server only: a page's messages reach the browser in
 * its loader data, so only the strings of the current page and language are ever sent
 * (decision 016).
 */
const catalogues = import.meta.glob<{ messages: Messages }>("../../locales/*/*.po");

/** The areas of the catalogue: `core` (every page) and one per page or flow (lingui.config.ts). */
export type Area =
  | "core"
  | "home"
  | "schedules"
  | "trips"
  | "blogs"
  | "about"
  | "product-app"
  | "legal"
  | "term-of-use"
  | "release-note"
  | "release-logs"
  | "qr"
  | "links"
  | "contact"
  | "account"
  | "invoice"
  | "alerts";

/**
 * The form and card messages the website and the API both show (the contract's `form.*` and
 * `card.*` ids): one catalogue, packages/contract/src/locales, compiled with the API's
 * (decision 027). A page with one of those forms loads the area `forms` beside its own.
 */
const sharedForms: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("@khayl/contract/locales/en/forms"),
  ar: () => import("@khayl/contract/locales/ar/forms"),
};

/** The messages of `areas` in `language`, merged. Throws when a catalogue is missing (a build error). */
async function loadMessages(language: Language, ...areas: (Area | "forms")[]): Promise<Messages> {
  const loaded = await Promise.all(
    areas.map(async (area) => {
      if (area === "forms") return (await sharedForms[language]()).messages;
      const load = catalogues[`../../locales/${language}/${area}.po`];
      if (!load) throw new Error(`No message catalogue ${language}/${area}`);
      return (await load()).messages;
    }),
  );
  return Object.assign({}, ...loaded);
}

/** The messages of `areas` (and of the shared `forms`) in the language of `request`'s path. */
export function messagesFor(request: Request, ...areas: (Area | "forms")[]): Promise<Messages> {
  return loadMessages(languageOfRequest(request), ...areas);
}

/**
 * An i18n instance in the language of `request`'s path with the messages of `areas`, for
 * server code that answers something other than a page (a calendar file: product §2).
 */
export async function i18nFor(request: Request, ...areas: Area[]): Promise<I18n> {
  return i18nWith(request, await messagesFor(request, ...areas));
}

/**
 * An i18n instance in the language of `request`'s path over `messages` it already loaded
 * (`messagesFor`): a loader that sends its page's messages and also writes text on the
 * server (the JSON-LD data blocks of product §2) loads them once.
 */
export function i18nWith(request: Request, messages: Messages): I18n {
  const language = languageOfRequest(request);
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
