import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Font, create as openFont } from "fontkit";
import type { Weight } from "./arabic-fonts.ts";

/**
 * The left-to-right faces of the invoice PDF (decision 018): Helvetica, a PDF standard font
 * that needs no embedding but writes only the WinAnsi characters (Latin-1 and a few more),
 * and DejaVu Sans (`dejavu-fonts-ttf`, a free licence), embedded as a subset for a run that
 * holds anything else. A customer's or a line's text may be 'Łukasz Wiśniewski', 'Şahin' or
 * 'DXB → AUH': in Helvetica those came out as other letters ('V¶7¢Wi¶æ-Pwski'). A
 * character neither face has (an emoji) prints as the font's empty box.
 */

/** The characters WinAnsiEncoding adds to Latin-1 (at 0x80–0x9F), which Helvetica writes. */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Whether Helvetica can write every character of `text` (pdfkit encodes it as WinAnsi). */
function isWinAnsi(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (!(code <= 0x7e || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char))) return false;
  }
  return true;
}

const HELVETICA: Record<Weight, string> = { regular: "Helvetica", bold: "Helvetica-Bold" };

/** The DejaVu Sans files used and their names in a document. */
const FALLBACK_FILES: Record<Weight, string> = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
};
const FALLBACK_NAMES: Record<Weight, string> = { regular: "DejaVuSans", bold: "DejaVuSans-Bold" };

let parsed: Partial<Record<Weight, Font>> = {};
const registered = new WeakMap<PDFKit.PDFDocument, Set<Weight>>();

/**
 * A DejaVu face, read and parsed once per process on first use (most invoices never need one).
 * fontkit keeps one glyph object per id with the characters of its first use, which may be
 * none (the `o` inside an `ó`, made when a document's subset is written): every layout starts
 * afresh, as the Arabic faces' do, so that the next document's text still copies and searches
 * as printed ('Co' once lost its `o` after an earlier invoice had printed 'Łódź').
 */
function fallbackFont(weight: Weight): Font {
  const cached = parsed[weight];
  if (cached) return cached;
  const font = openFont(readFileSync(createRequire(import.meta.url).resolve(FALLBACK_FILES[weight])));
  if (!("layout" in font)) throw new Error(`${FALLBACK_FILES[weight]} is a font collection, not a font`);
  const face: Font = Object.create(font);
  face.layout = (text: string, features?: string[] | Record<string, boolean>) => {
    (font as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
    return font.layout(text, features);
  };
  parsed = { ...parsed, [weight]: face };
  return face;
}

/**
 * The name of the face, registered in `doc`, that writes `text` left to right in `weight`:
 * Helvetica when it can write all of it, else DejaVu Sans (the whole run in one face, so its
 * letters match). Pass it to `doc.font`.
 */
export function latinFont(doc: PDFKit.PDFDocument, text: string, weight: Weight): string {
  if (isWinAnsi(text)) return HELVETICA[weight];
  const done = registered.get(doc) ?? new Set<Weight>();
  if (!done.has(weight)) {
    doc.registerFont(FALLBACK_NAMES[weight], fallbackFont(weight) as unknown as PDFKit.Mixins.PDFFontSource);
    done.add(weight);
    registered.set(doc, done);
  }
  return FALLBACK_NAMES[weight];
}
