import { dirhamSign } from "@khayl/contract/dirham-sign";
import { formatAmount } from "@khayl/contract/money";
import { hasRightToLeft } from "./bidi-runs.ts";
import { type BidiTextStyle, bidiHeight, bidiLine, bidiParagraph, bidiWidth } from "./bidi-text.ts";
import { latinFont } from "./latin-fonts.ts";
import type { Bilingual } from "./pdf-labels.ts";

/**
 * The invoice PDF's layout (decision 018): page, colours and the drawing of its parts —
 * amounts with the dirham sign, text that may hold Arabic, a bilingual fact. Positions and
 * sizes are in PDF points from the top left; amounts in fils.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const INK = "#111827";
export const MUTED = "#4b5563";
export const BRAND = "#0b4a36";
export const RULE = "#d1d5db";
/** Helvetica's cap height in font units per 1000 (AFM CapHeight). */
const CAP_HEIGHT = 0.718;

export type Doc = PDFKit.PDFDocument;

/** Width of the dirham sign drawn at `size` points (its capital matches Helvetica's cap height). */
function signWidth(size: number): number {
  return dirhamSign.viewBox.width * ((CAP_HEIGHT * size) / 72);
}

/** Draws the dirham sign with its left edge at `x` and its baseline where Helvetica text at (x, top) would have it. */
function drawDirhamSign(doc: Doc, x: number, top: number, size: number, color: string): void {
  const k = (CAP_HEIGHT * size) / 72;
  const baseline = top + 0.718 * size; // pdfkit puts the baseline one ascender (Helvetica: 718/1000) below `top`
  doc.save();
  doc.translate(x - dirhamSign.viewBox.x * k, baseline - 86 * k).scale(k);
  doc.path(dirhamSign.letter).fill(color, "even-odd");
  doc.path(dirhamSign.bars).fill(color, "non-zero");
  doc.restore();
}

/** Writes '⃃ 1,234.50' (sign drawn, number as text) ending at `right`, top at `top`. */
export function moneyRight(
  doc: Doc,
  fils: number,
  right: number,
  top: number,
  size: number,
  font: string,
  color = INK,
): void {
  const text = formatAmount(fils);
  doc.font(font).fontSize(size);
  const textWidth = doc.widthOfString(text);
  const gap = size * 0.25;
  const start = right - textWidth - gap - signWidth(size);
  drawDirhamSign(doc, start, top, size, color);
  doc.fillColor(color).text(text, right - textWidth, top, { lineBreak: false });
}

/** Arabic labels: one size smaller than their English twin, in the same colour. */
export function arabic(
  size: number,
  color: string,
  align: BidiTextStyle["align"] = "right",
  bold = false,
): BidiTextStyle {
  return { size: size - 0.5, color, align, bold, direction: "rtl" };
}

/**
 * Writes text that may hold Arabic (a customer's name, a line's description, the company's
 * address): plain pdfkit text when it has none (in Helvetica, or DejaVu Sans for letters
 * Helvetica lacks: `latinFont`), else mixed runs wrapped in `width`. Answers the y below it.
 */
export function userText(
  doc: Doc,
  text: string,
  x: number,
  top: number,
  width: number,
  style: { size: number; color: string; bold?: boolean; align?: "left" | "right" },
): number {
  if (hasRightToLeft(text)) {
    return bidiParagraph(doc, text, x, top, width, { ...style, align: style.align ?? "left", direction: undefined });
  }
  doc
    .font(latinFont(doc, text, style.bold ? "bold" : "regular"))
    .fontSize(style.size)
    .fillColor(style.color)
    .text(text, x, top, { width, align: style.align ?? "left" });
  return doc.y;
}

/**
 * Height in points of what {@link userText} writes for `text` wrapped in `width` points at
 * `style.size` points (decision 018): pdfkit's own measure for text without Arabic (it sets
 * `doc`'s font and size to do so), {@link bidiHeight} for text with some. The invoice's line
 * table sizes each row with it before drawing the row.
 */
export function userTextHeight(doc: Doc, text: string, width: number, style: { size: number; bold?: boolean }): number {
  if (hasRightToLeft(text)) return bidiHeight(doc, text, width, { ...style, color: INK });
  doc.font(latinFont(doc, text, style.bold ? "bold" : "regular")).fontSize(style.size);
  return doc.heightOfString(text, { width });
}

/** The least space between a fact's English value and its Arabic one on one line, in points. */
const FACT_GAP = 12;

/**
 * One fact of the invoice in the right-hand column: the English label (capitals) at the
 * left and the Arabic label at the right of one line, the value below (the Arabic value,
 * if any, at the right; on a line of its own when the two values would come closer than
 * `FACT_GAP`, as 'PAID on 29 Nov 2026' and its Arabic do). English is written first so that
 * extracted text reads 'DUE DATE 04 Feb 2026' as before. Answers the y below it.
 */
export function fact(
  doc: Doc,
  labels: Bilingual,
  values: { en: string; ar?: string },
  x: number,
  y: number,
  width: number,
): number {
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(labels.en.toUpperCase(), x, y, { width, characterSpacing: 0.4, lineBreak: false });
  doc.font("Helvetica-Bold").fontSize(10.5).fillColor(INK);
  const englishWidth = doc.widthOfString(values.en);
  doc.text(values.en, x, y + 12, { width, lineBreak: false });
  bidiLine(doc, labels.ar, x, y - 1, width, arabic(8.5, MUTED));
  if (!values.ar) return y + 34;
  const style = arabic(10.5, INK, "right", true);
  const ownLine = englishWidth + FACT_GAP + bidiWidth(doc, values.ar, style) > width;
  bidiLine(doc, values.ar, x, ownLine ? y + 26 : y + 11, width, style);
  return ownLine ? y + 48 : y + 34;
}
