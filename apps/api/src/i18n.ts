import { messages as arForms } from "@khayl/contract/locales/ar/forms";
import { messages as enForms } from "@khayl/contract/locales/en/forms";
import { type Message, messageOfText } from "@khayl/contract/messages";
import { type I18n, setupI18n } from "@lingui/core";
import type { Language } from "./http/language.ts";
import { httpMessages } from "./http/messages.ts";
import { messages as ar } from "./locales/ar/messages.ts";
import { messages as en } from "./locales/en/messages.ts";

/**
 * The server's side of the one catalogue (decision 027): Lingui's runtime with the compiled
 * messages of apps/api/src/locales and of the form and card messages the website shows too
 * (packages/contract/src/locales; `npm run i18n:compile -w @khayl/api` compiles both), one
 * instance per language. Arabic formats numbers with Latin digits (decision 016) and picks its six
 * plural forms by Lingui's plural rules.
 */
const catalogues: Record<Language, I18n> = {
  en: setupI18n({ locale: "en", messages: { en: { ...enForms, ...en } } }),
  ar: setupI18n({ locale: "ar", locales: ["ar-AE-u-nu-latn"], messages: { ar: { ...arForms, ...ar } } }),
};

/**
 * `message` (an id of the catalogue and its values) as text in `language`; a list value is
 * joined by the language's list separator (`http.listSeparator`: ", ", in Arabic "، ").
 */
export function translate(message: Message, language: Language): string {
  const catalogue = catalogues[language];
  if (!message.values) return catalogue._(message.id);
  const separator = catalogue._(httpMessages.listSeparator.id);
  const values = Object.fromEntries(
    Object.entries(message.values).map(([name, value]) => [
      name,
      typeof value === "object" ? value.join(separator) : value,
    ]),
  );
  return catalogue._(message.id, values);
}

/**
 * A text given as English — a zod issue's message, which the contract made from one of its
 * messages (`messageOfText`) — in `language`; a text the contract did not make (a library's
 * own words) stays as it is.
 */
export function translateText(text: string, language: Language): string {
  if (language === "en") return text;
  const message = messageOfText(text);
  return message ? translate(message, language) : text;
}
