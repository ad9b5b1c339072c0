import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import bidiFactory from "bidi-js";
import { type Font, type Glyph, type GlyphRun, create as openFont } from "fontkit";
import { BoundedCache } from "./bounded-cache.ts";

/**
 * The Arabic faces of the invoice PDF (decision 018): Readex Pro, the face of the Arabic web
 * pages (decision 016), read once per process and prepared for right-to-left runs. This is
 * the one place that reaches into fontkit's internals (see `forRightToLeftRuns`);
 * pdf-reading-order.test.ts fails if an update of pdfkit or fontkit breaks it.
 */

const bidi = bidiFactory();

/** The OpenType features asked of fontkit for Arabic: required ligatures and joining forms. */
export const ARABIC_FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ["rlig", "liga", "init", "medi", "fina", "isol"];

export type Weight = "regular" | "bold";

/** Readex Pro weights used (the `@expo-google-fonts/readex-pro` package's static TTFs). */
const FONT_FILES: Record<Weight, string> = {
  regular: "@expo-google-fonts/readex-pro/400Regular/ReadexPro_400Regular.ttf",
  bold: "@expo-google-fonts/readex-pro/600SemiBold/ReadexPro_600SemiBold.ttf",
};

/** The registered name of each Arabic face in a document. */
export const FONT_NAMES: Record<Weight, string> = { regular: "ReadexPro-RTL", bold: "ReadexPro-RTL-SemiBold" };

let loaded: Record<Weight, Font> | undefined;

/**
 * The Arabic faces, read and parsed once per process on first use (parsing and the first
 * Arabic layout cost ≈0.2 s; later documents reuse the parsed fonts and their layout tables).
 */
function arabicFonts(): Record<Weight, Font> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const open = (file: string): Font => {
    const font = openFont(readFileSync(require.resolve(file)));
    if (!("layout" in font)) throw new Error(`${file} is a font collection, not a font`);
    return forRightToLeftRuns(font);
  };
  loaded = { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  // Warm the shaping tables (GSUB/GPOS) once, so the first invoice is not the slow one.
  loaded.regular.layout("فاتورة", ARABIC_FEATURES);
  loaded.bold.layout("فاتورة", ARABIC_FEATURES);
  return loaded;
}

/**
 * The face as used for right-to-left runs only. pdfkit's text map (ToUnicode) gives each
 * glyph the characters fontkit says it stands for, in logical order; text extraction
 * (pdftotext, PDF.js, copy and paste) reads an Arabic word from its visual glyph order and
 * reverses it, so a ligature's characters come out reversed ('لا' as 'ال') and a mirrored
 * bracket as its twin. Here each glyph of a laid-out run says its characters reversed and
 * mirrored back, so that extraction gives the logical text. Runs are cached (bounded), with
 * their glyphs, for the next documents of the process. This face never writes a
 * left-to-right run (those are in Helvetica), so the glyphs' text is always right.
 */
function forRightToLeftRuns(font: Font): Font {
  const face: Font = Object.create(font);
  const runs = new BoundedCache<GlyphRun>();
  face.layout = (text: string, features?: string[] | Record<string, boolean>) => {
    const key = `${Array.isArray(features) ? features.join() : JSON.stringify(features)}\u0000${text}`;
    let run = runs.get(key);
    if (!run) {
      // fontkit keeps one glyph object per id with the characters of its first use, which
      // may be none (a glyph first met inside another, or when a document's subset is
      // written): start each layout afresh so that every glyph carries its characters here.
      (font as unknown as { _glyphs: Record<number, Glyph> })._glyphs = {};
      run = font.layout(text, features);
      run.glyphs = run.glyphs.map((glyph) => {
        const codePoints = glyph.codePoints
          .map((code) => bidi.getMirroredCharacter(String.fromCodePoint(code))?.codePointAt(0) ?? code)
          .reverse();
        const mapped: Glyph = Object.create(glyph);
        Object.defineProperty(mapped, "codePoints", { value: codePoints });
        return mapped;
      });
      runs.set(key, run);
    }
    // pdfkit scales the positions in place: hand it copies, keep the run for the next call.
    const copy: GlyphRun = Object.create(run);
    copy.positions = run.positions.map((position) => ({ ...position }));
    return copy;
  };
  return face;
}

/** Registers the Arabic faces in `doc` (parsed once per process); call once per document. */
export function registerArabicFonts(doc: PDFKit.PDFDocument): void {
  const fonts = arabicFonts();
  // pdfkit 0.20 accepts a fontkit font as well as font bytes (PDFFontFactory.open); its
  // types list only the bytes.
  doc.registerFont(FONT_NAMES.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(FONT_NAMES.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
}
