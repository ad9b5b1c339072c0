import { ARABIC_FEATURES, FONT_NAMES, type Weight } from "./arabic-fonts.ts";
import { firstStrongDirection, type VisualRun, visualRuns } from "./bidi-runs.ts";
import { BoundedCache } from "./bounded-cache.ts";
import { latinFont } from "./latin-fonts.ts";

/**
 * Mixed English and Arabic text for the invoice PDF (decision 018). pdfkit writes glyphs in
 * the order it is given and does no bidirectional reordering; fontkit (under pdfkit) shapes
 * Arabic (joined forms, the lam-alef ligature) and lays a run of Arabic out right to left.
 * So each line is cut here into runs of one direction in visual order (UAX #9, `bidi-js`),
 * and each run is written with its own font: right-to-left runs in Readex Pro, the face the
 * Arabic web pages use (decision 016), left-to-right runs (Latin, digits, amounts, codes)
 * in Helvetica like the rest of the invoice (DejaVu Sans for a run Helvetica cannot write:
 * `latinFont`). Sizes are in PDF points.
 */

declare global {
  namespace PDFKit.Mixins {
    interface TextOptions {
      /** pdfkit 0.20: the text's width when already known, so that it is not laid out twice. */
      textWidth?: number;
    }
  }
}

/** A line of text is written at one baseline, this fraction of the font size below its top. */
const LINE_ASCENT = 0.95;

/** Line height of wrapped Arabic or mixed text, as a multiple of the font size. */
const BIDI_LINE_HEIGHT = 1.45;

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
  return style.direction ?? firstStrongDirection(text);
}

function setRunFont(doc: PDFKit.PDFDocument, run: VisualRun, style: BidiTextStyle): void {
  const weight: Weight = style.bold ? "bold" : "regular";
  doc.font(run.rtl ? FONT_NAMES[weight] : latinFont(doc, run.text, weight)).fontSize(style.size);
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
    y += bidiLineHeight(style);
  }
  return y;
}

/** Height in points of one line of {@link bidiParagraph} (or of a {@link bidiLine}) at `style.size` points. */
export function bidiLineHeight(style: BidiTextStyle): number {
  return style.size * BIDI_LINE_HEIGHT;
}

/** Height in points of {@link bidiParagraph}'s output for `text` in `width`. */
export function bidiHeight(doc: PDFKit.PDFDocument, text: string, width: number, style: BidiTextStyle): number {
  return bidiLines(doc, text, width, style).length * bidiLineHeight(style);
}
