import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import bidiFactory from "bidi-js";
import { type Font, type Glyph, type GlyphRun, create as openFont } from "fontkit";

/**
 * Mixed English and Arabic text for the invoice PDF (decision 018). pdfkit writes glyphs in
 * the order it is given and does no bidirectional reordering; fontkit (under pdfkit) shapes
 * Arabic (joined forms, the lam-alef ligature) and lays a run of Arabic out right to left.
 * So each line is cut here into runs of one direction in visual order (UAX #9, `bidi-js`),
 * and each run is written with its own font: right-to-left runs in Readex Pro, the face the
 * Arabic web pages use (decision 016), left-to-right runs (Latin, digits, amounts, codes)
 * in Helvetica like the rest of the invoice. Sizes are in PDF points.
 */

const bidi = bidiFactory();

declare global {
  namespace PDFKit.Mixins {
    interface TextOptions {
      /** pdfkit 0.20: the text's width when already known, so that it is not laid out twice. */
      textWidth?: number;
    }
  }
}

/** The OpenType features asked of fontkit for Arabic: required ligatures and joining forms. */
const ARABIC_FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ["rlig", "liga", "init", "medi", "fina", "isol"];

/** A line of text is written at one baseline, this fraction of the font size below its top. */
const LINE_ASCENT = 0.95;

/** Line height of wrapped Arabic or mixed text, as a multiple of the font size. */
const BIDI_LINE_HEIGHT = 1.45;

type Weight = "regular" | "bold";

/** Readex Pro weights used (the `@expo-google-fonts/readex-pro` package's static TTFs). */
const FONT_FILES: Record<Weight, string> = {
  regular: "@expo-google-fonts/readex-pro/400Regular/ReadexPro_400Regular.ttf",
  bold: "@expo-google-fonts/readex-pro/600SemiBold/ReadexPro_600SemiBold.ttf",
};

/** The registered name of each Arabic face in a document. */
const FONT_NAMES: Record<Weight, string> = { regular: "ReadexPro-RTL", bold: "ReadexPro-RTL-SemiBold" };

const LATIN_FONTS: Record<Weight, string> = { regular: "Helvetica", bold: "Helvetica-Bold" };

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

/**
 * A map that forgets everything once it holds `limit` entries: the labels, the same in every
 * invoice, stay cached; one-off texts (names, descriptions) cannot make it grow without bound.
 */
class BoundedCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly limit = 2000) {}
  get(key: string): T | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: T): void {
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
  }
}

/** Registers the Arabic faces in `doc` (parsed once per process); call once per document. */
export function registerArabicFonts(doc: PDFKit.PDFDocument): void {
  const fonts = arabicFonts();
  // pdfkit 0.20 accepts a fontkit font as well as font bytes (PDFFontFactory.open); its
  // types list only the bytes.
  doc.registerFont(FONT_NAMES.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(FONT_NAMES.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
}

const STRONG_RTL = new Set(["R", "AL"]);

/** Whether `text` has any right-to-left letter (Arabic, Hebrew…), so needs this module to print. */
export function hasRightToLeft(text: string): boolean {
  for (const char of text) if (STRONG_RTL.has(bidi.getBidiCharTypeName(char))) return true;
  return false;
}

/** One run of a line in visual order: `text` is what to hand pdfkit for it. */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

/**
 * The runs of one line (no line breaks inside) in visual order, left to right (UAX #9 levels
 * and reordering). A right-to-left run is given in logical order with its brackets
 * mirrored, since fontkit reverses a run of Arabic itself; one without any right-to-left
 * letter (spaces, punctuation between Arabic words) is reversed here, since fontkit would not.
 */
export function visualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  const key = `${direction}\u0000${text}`;
  const cached = runsCache.get(key);
  if (cached) return cached;
  const runs = computeVisualRuns(text, direction);
  runsCache.set(key, runs);
  return runs;
}

const runsCache = new BoundedCache<VisualRun[]>();

function computeVisualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const groups: { level: number; indices: number[] }[] = [];
  let current: { level: number; indices: number[] } | undefined;
  for (const index of bidi.getReorderedIndices(text, embedding)) {
    const level = levels[index] ?? 0;
    const last = current?.indices.at(-1);
    if (current && current.level === level && last === index + (level % 2 === 1 ? 1 : -1)) {
      current.indices.push(index);
    } else {
      current = { level, indices: [index] };
      groups.push(current);
    }
  }
  return groups.map(({ level, indices }) => {
    if (level % 2 === 0) return { text: indices.map((i) => text[i]).join(""), rtl: false };
    const logical = [...indices]
      .reverse()
      .map((i) => mirrored.get(i) ?? text[i])
      .join("");
    return { text: hasRightToLeft(logical) ? logical : [...logical].reverse().join(""), rtl: true };
  });
}

/** How a line or paragraph is written: points, colour, weight and alignment in its box. */
export interface BidiTextStyle {
  size: number;
  color: string;
  bold?: boolean;
  align?: "left" | "right" | "center";
  /** Base direction: right to left unless given (every caller writes Arabic or user text). */
  direction?: "ltr" | "rtl";
}

function baseDirection(text: string, style: BidiTextStyle): "ltr" | "rtl" {
  if (style.direction) return style.direction;
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (STRONG_RTL.has(type)) return "rtl";
    if (type === "L") return "ltr";
  }
  return "rtl";
}

function setRunFont(doc: PDFKit.PDFDocument, run: VisualRun, style: BidiTextStyle): void {
  const weight: Weight = style.bold ? "bold" : "regular";
  doc.font(run.rtl ? FONT_NAMES[weight] : LATIN_FONTS[weight]).fontSize(style.size);
}

/** Widths of runs per face and size; the faces are the same in every document of the process. */
const widthCache = new BoundedCache<number>();

function runsWidth(doc: PDFKit.PDFDocument, runs: VisualRun[], style: BidiTextStyle): number[] {
  return runs.map((run) => {
    const key = `${run.rtl ? 1 : 0}${style.bold ? 1 : 0}${style.size}\u0000${run.text}`;
    let width = widthCache.get(key);
    if (width === undefined) {
      setRunFont(doc, run, style);
      width = doc.widthOfString(run.text, { features: run.rtl ? ARABIC_FEATURES : [] });
      widthCache.set(key, width);
    }
    return width;
  });
}

/** Width in points of `text` written on one line in `style`. */
export function bidiWidth(doc: PDFKit.PDFDocument, text: string, style: BidiTextStyle): number {
  return runsWidth(doc, visualRuns(text, baseDirection(text, style)), style).reduce((a, b) => a + b, 0);
}

/**
 * Writes one line of mixed text, `text` in logical order, in the box from `x` of `width`
 * points whose top is `top`; answers its width. Does not wrap (see {@link bidiParagraph}).
 */
export function bidiLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  top: number,
  width: number,
  style: BidiTextStyle,
): number {
  const runs = visualRuns(text, baseDirection(text, style));
  const widths = runsWidth(doc, runs, style);
  const total = widths.reduce((a, b) => a + b, 0);
  const align = style.align ?? "right";
  let left = align === "left" ? x : align === "right" ? x + width - total : x + (width - total) / 2;
  const baseline = top + LINE_ASCENT * style.size;
  doc.fillColor(style.color);
  runs.forEach((run, i) => {
    setRunFont(doc, run, style);
    doc.text(run.text, left, baseline, {
      lineBreak: false,
      baseline: "alphabetic",
      features: run.rtl ? ARABIC_FEATURES : [],
      textWidth: widths[i],
    });
    left += widths[i] ?? 0;
  });
  return total;
}

/**
 * The words of `text` for wrapping: split at spaces, but a bracketed group of words stays
 * whole, so that a line never ends inside '(…)' (each line is reordered on its own).
 */
function words(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  for (const word of text.split(" ")) {
    if (depth > 0 && out.length > 0) out[out.length - 1] += ` ${word}`;
    else out.push(word);
    for (const char of word) {
      if (char === "(" || char === "[") depth++;
      else if ((char === ")" || char === "]") && depth > 0) depth--;
    }
  }
  return out;
}

/**
 * The lines `text` wraps into within `width` points: greedy, from the widths of its words
 * and spaces (Arabic letters do not join across a space, so a line is as wide as its words);
 * a word wider than `width` stays whole.
 */
function bidiLines(doc: PDFKit.PDFDocument, text: string, width: number, style: BidiTextStyle): string[] {
  const space = bidiWidth(doc, " ", style);
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of words(paragraph)) {
      const wordWidth = bidiWidth(doc, word, style);
      if (line && lineWidth + space + wordWidth > width) {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      } else {
        lineWidth += (line ? space : 0) + wordWidth;
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Writes `text` (logical order, may mix Arabic and Latin) wrapped within `width` points from
 * `top`; each line keeps the paragraph's base direction. Answers the y below the last line.
 */
export function bidiParagraph(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  top: number,
  width: number,
  style: BidiTextStyle,
): number {
  const direction = baseDirection(text, style);
  let y = top;
  for (const line of bidiLines(doc, text, width, { ...style, direction })) {
    bidiLine(doc, line, x, y, width, { ...style, direction });
    y += style.size * BIDI_LINE_HEIGHT;
  }
  return y;
}

/** Height in points of {@link bidiParagraph}'s output for `text` in `width`. */
export function bidiHeight(doc: PDFKit.PDFDocument, text: string, width: number, style: BidiTextStyle): number {
  return bidiLines(doc, text, width, style).length * style.size * BIDI_LINE_HEIGHT;
}
