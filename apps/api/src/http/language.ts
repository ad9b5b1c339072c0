import type { FastifyRequest } from "fastify";

/** The languages the API answers in (product §7's `language` header; decision 016). */
export type Language = "en" | "ar";

/**
 * The language a `language` header's value asks for (product §7: the website sends `en`, or
 * `ar` from its Arabic pages): `ar` or `ar-…` in any case is Arabic, anything else (or no
 * header) English; of a repeated header the first counts.
 */
export function languageOfHeader(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? "";
  return value === "ar" || value.startsWith("ar-") ? "ar" : "en";
}

/** The language a request asks for: its `language` header (`languageOfHeader`). */
export function requestLanguage(request: FastifyRequest): Language {
  return languageOfHeader(request.headers.language);
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * A row's texts in `language`, and the language they are really in. English is the row's own
 * columns (`english`); Arabic is its `translations.ar`, used only when complete — every text
 * the English version has is there in Arabic — so that one item never mixes the two. An item
 * without a complete Arabic version is answered in English, marked `en` (the website then
 * marks it `lang="en"` inside the Arabic page).
 */
export function localizedTexts<T extends object>(
  english: T,
  translations: { ar?: Partial<T> } | null | undefined,
  language: Language,
): { texts: T; language: Language } {
  const arabic = translations?.ar;
  if (language !== "ar" || !arabic) return { texts: english, language: "en" };
  const keys = Object.keys(english) as (keyof T)[];
  const complete = keys.every((key) => isEmpty(english[key]) || !isEmpty(arabic[key]));
  if (!complete) return { texts: english, language: "en" };
  // Only the texts the English version has: any other key in the stored JSON is ignored.
  const texts = { ...english };
  for (const key of keys) if (!isEmpty(arabic[key])) texts[key] = arabic[key] as T[keyof T];
  return { texts, language: "ar" };
}
