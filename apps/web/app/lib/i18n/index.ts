import { type Catalogue, en } from "./en.ts";

/** Languages with a catalogue; Arabic joins here (architecture §3.12). */
export const catalogues = { en } satisfies Record<string, Catalogue>;
export type Language = keyof typeof catalogues;

/** The catalogue of the current language (English until Arabic exists). */
export function useT(): Catalogue {
  return catalogues.en;
}

/** The catalogue outside React (loaders, meta). */
export function catalogueFor(language: Language = "en"): Catalogue {
  return catalogues[language];
}
