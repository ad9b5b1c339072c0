import { bidiLine } from "./bidi-text.ts";
import { arabicTwin } from "./pdf-heading.ts";
import type { Sheet } from "./pdf-input.ts";
import { pageOf } from "./pdf-labels.ts";
import { arabic, BRAND, CONTENT_WIDTH, fact, MUTED, PAGE, RULE, userText } from "./pdf-layout.ts";

/**
 * The pages of the invoice PDF beyond the first one's heading (architecture §3.8, product §9:
 * the tax invoice PDF): the heading of a continuation page and the page numbers. The document
 * buffers its pages (pdfkit's `bufferPages`), so the numbers, which need the count, are
 * written once everything else is.
 * Positions in PDF points from the top left of the page.
 */

/** Top of the page number, in the bottom margin, below the footer; in points from the page's top. */
const PAGE_NUMBER_TOP = PAGE.height - PAGE.margin + 14;

/**
 * Starts a continuation page: adds it and writes, at its top, the supplier's name (left, its
 * Arabic name below it as on the first page) and the invoice number as on the first page
 * (right, English and Arabic label), then a rule, so that a loose page still says whose
 * invoice it belongs to. Answers the y where content goes on, in points.
 */
export function newPage(sheet: Sheet): number {
  const { doc, labels, left, right } = sheet;
  const { company, invoice } = sheet.input;
  doc.addPage();
  const top = PAGE.margin;
  let nameBottom = userText(doc, company.name, left, top, CONTENT_WIDTH / 2, { size: 12, color: BRAND, bold: true });
  const nameAr = arabicTwin(company.nameAr, company.name);
  if (nameAr)
    nameBottom = userText(doc, nameAr, left, nameBottom, CONTENT_WIDTH / 2, { size: 11, color: BRAND, bold: true });
  const x = left + CONTENT_WIDTH / 2 + 20;
  const factBottom = fact(doc, labels.invoiceNumber, { en: invoice.refNumber }, x, top, right - x);
  const y = Math.max(nameBottom, factBottom) + 4;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  return y + 14;
}

/**
 * Writes 'Page N of M' on every page, English at the left and Arabic ('صفحة N من M') at the
 * right of one line in the bottom margin. Call it last: it goes back to each buffered page.
 */
export function numberPages(sheet: Sheet): void {
  const { doc, left } = sheet;
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    const label = pageOf(i + 1, count);
    // No width: pdfkit then writes the line as is, without wrapping it onto a new page.
    doc.font("Helvetica").fontSize(8).fillColor(MUTED).text(label.en, left, PAGE_NUMBER_TOP, { lineBreak: false });
    bidiLine(doc, label.ar, left, PAGE_NUMBER_TOP - 1, CONTENT_WIDTH, arabic(8, MUTED));
  }
}
