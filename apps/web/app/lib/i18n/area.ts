import type { Language } from "./index.ts";

/**
 * One area of the catalogue (architecture §3.12) — the strings of one page or flow — in every
 * language. Areas are separate modules so a route ships only its own strings: the
 * catalogue of `index.ts` (navigation, footer, schedules) is on every page, an area
 * only where a route imports it.
 *
 * Answers `[hook, getter]`: the hook for components (current language), the getter
 * for loaders and `meta` (a language, English by default).
 */
export function defineArea<T>(catalogues: Record<Language, T>): [() => T, (language?: Language) => T] {
  return [() => catalogues.en, (language: Language = "en") => catalogues[language]];
}
