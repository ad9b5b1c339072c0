/**
 * Checks shared by the tests of the Arabic demo content (`*-ar.test.ts`): the element
 * sequence and links of an HTML text, its numbers, and whether a text is Arabic with Latin
 * digits only (decision 016).
 */

/** Arabic letters (the Arabic block, without its digits). */
const ARABIC_LETTER = /[\u0621-\u064A]/;
/** Arabic-Indic and Eastern Arabic-Indic digits, which the site never writes. */
const NON_LATIN_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/;

/** Whether `text` contains Arabic letters and no digit other than 0-9. */
export function isArabicWithLatinDigits(text: string): boolean {
  return ARABIC_LETTER.test(text) && !NON_LATIN_DIGIT.test(text);
}

/** The opening and closing tags of `html` in order, by element name: `["p", "/p", "h2", …]`. */
export function elementSequence(html: string): string[] {
  return [...html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g)].map(
    ([, slash, name]) => `${slash}${name?.toLowerCase()}`,
  );
}

/** The `href` of every link in `html`, in order. */
export function linkTargets(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map(([, href]) => href ?? "");
}

/** Every run of digits in `text`, sorted (word order differs between the languages). */
export function numbers(text: string): string[] {
  return (text.match(/\d+/g) ?? []).sort();
}
