/**
 * The languages of the site (architecture §6, decision 016): English at the paths of
 * product §2, Arabic at the same paths under `/ar`. The language of a page is read from
 * its path only — never guessed from the browser.
 */
export const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];

/** The other language, for the language switch. */
export function otherLanguage(language: Language): Language {
  return language === "ar" ? "en" : "ar";
}

/** `ar` for a path under `/ar`, else `en`. */
export function languageOfPath(pathname: string): Language {
  return pathname === "/ar" || pathname.toLowerCase().startsWith("/ar/") ? "ar" : "en";
}

/** The language of a request (from its URL's path). */
export function languageOfRequest(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** A path without its language prefix: `/ar/flights` → `/flights`, `/ar` → `/`. */
export function unlocalizedPath(pathname: string): string {
  return languageOfPath(pathname) === "ar" ? pathname.slice(3) || "/" : pathname;
}

/** A site path (`/flights`, `/`) in `language`: `/ar/flights`, `/ar`. Other URLs are kept as they are. */
export function localizedPath(path: string, language: Language): string {
  if (language === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  if (languageOfPath(path) === "ar") return path;
  return path === "/" ? "/ar" : `/ar${path}`;
}

/** The writing direction of a language: Arabic is right to left. */
export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The `dir` of an API item's texts (title, HTML content) from the language the API says they
 * are in (decision 016): `rtl` for Arabic, `ltr` for English, whatever letter they start
 * with (an Arabic post opening with "Apple Pay" still reads right to left); `auto` (the
 * first strong letter) only when the API did not say.
 */
export function contentDirection(language: Language | null | undefined): "rtl" | "ltr" | "auto" {
  return language ? directionOf(language) : "auto";
}
