import {
  type InvoiceLine,
  invoiceTotals,
  type LineAmounts,
  lineAmounts,
  UAE_VAT_RATE_PERCENT,
} from "@khayl/contract/invoice-lines";
import { formatAmount } from "@khayl/contract/money";
import { bidiHeight, bidiLine, bidiParagraph } from "./bidi-text.ts";
import { bothDates } from "./pdf-heading.ts";
import type { Sheet } from "./pdf-input.ts";
import { type Bilingual, footer, paidBy } from "./pdf-labels.ts";
import { arabic, CONTENT_WIDTH, INK, MUTED, moneyRight, PAGE, RULE, userText, userTextHeight } from "./pdf-layout.ts";

/** Padding inside a table cell, in points. */
const PAD = 6;
/** Top of the footer, in points from the top of the page. */
const FOOTER_TOP = PAGE.height - PAGE.margin - 78;

/** A column of the lines table: its title in both languages, width (points), alignment and cell. */
interface Column {
  title: Bilingual;
  width: number;
  align: "left" | "right";
  cell: (line: InvoiceLine, amounts: LineAmounts) => string;
}

function columnsOf(labels: Sheet["labels"]): Column[] {
  return [
    { title: labels.description, width: 185, align: "left", cell: (line) => line.description },
    { title: labels.quantity, width: 35, align: "right", cell: (line) => String(line.quantity) },
    { title: labels.unitPrice, width: 70, align: "right", cell: (line) => formatAmount(line.unitPriceFils) },
    { title: labels.netAmount, width: 70, align: "right", cell: (_, amounts) => formatAmount(amounts.netFils) },
    { title: labels.vatColumn, width: 60, align: "right", cell: (_, amounts) => formatAmount(amounts.vatFils) },
    { title: labels.lineTotal, width: 75, align: "right", cell: (_, amounts) => formatAmount(amounts.grossFils) },
  ];
}

/**
 * The lines table from `y`: a header row (English titles, Arabic below), then one row per
 * line — description (its Arabic below when it has one), quantity, unit price, net, VAT and
 * total (AED, 2 decimals) — on a new page when a row would not fit. Answers the y below.
 */
export function drawLines(sheet: Sheet, top: number): number {
  const { doc, left, right } = sheet;
  const columns = columnsOf(sheet.labels);
  let y = top;
  const headerAr = arabic(8.5, INK, "right", true);
  doc.font("Helvetica-Bold").fontSize(8.5);
  const titleHeight = Math.max(...columns.map((c) => doc.heightOfString(c.title.en, { width: c.width - 2 * PAD })));
  const titleArHeight = Math.max(...columns.map((c) => bidiHeight(doc, c.title.ar, c.width - 2 * PAD, headerAr)));
  const headerHeight = PAD + titleHeight + 2 + titleArHeight + PAD - 2;
  doc.rect(left, y, CONTENT_WIDTH, headerHeight).fill("#f3f4f6");
  let x = left;
  for (const column of columns) {
    doc
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .fillColor(INK)
      .text(column.title.en, x + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align });
    bidiParagraph(doc, column.title.ar, x + PAD, y + PAD + titleHeight + 2, column.width - 2 * PAD, headerAr);
    x += column.width;
  }
  y += headerHeight;
  const cellStyle = { size: 9.5, color: INK };
  const arabicDescription = arabic(9, MUTED);
  for (const line of sheet.input.invoice.lines) {
    const amounts = lineAmounts(line);
    const cells = columns.map((column) => ({ column, text: column.cell(line, amounts) }));
    const descriptionWidth = (columns[0]?.width ?? 0) - 2 * PAD;
    const arHeight = line.descriptionAr ? bidiHeight(doc, line.descriptionAr, descriptionWidth, arabicDescription) : 0;
    const height =
      Math.max(...cells.map(({ column, text }) => userTextHeight(doc, text, column.width - 2 * PAD, cellStyle))) +
      (arHeight ? arHeight + 2 : 0) +
      2 * PAD;
    if (y + height > PAGE.height - 200) {
      doc.addPage();
      y = PAGE.margin;
    }
    x = left;
    for (const { column, text } of cells) {
      const bottom = userText(doc, text, x + PAD, y + PAD, column.width - 2 * PAD, {
        ...cellStyle,
        align: column.align,
      });
      if (column === columns[0] && line.descriptionAr) {
        bidiParagraph(doc, line.descriptionAr, x + PAD, bottom + 2, descriptionWidth, arabicDescription);
      }
      x += column.width;
    }
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y;
}

/**
 * The totals from `y` (each label in English with its Arabic below, the amount at the right)
 * and, for a paid invoice, the receipt: how and when it was paid, the invoice total, the
 * non-refundable card fee and the amount charged. On a new page when they would not fit
 * above the footer.
 */
export function drawTotals(sheet: Sheet, top: number): void {
  const { doc, labels, right, paid } = sheet;
  const { invoice, payment } = sheet.input;
  const totals = invoiceTotals(invoice.lines);
  const totalsHeight = 3 * 34 + 20;
  const receiptHeight = paid && payment ? 140 : 0;
  let y = top;
  if (y + 12 + totalsHeight + receiptHeight > FOOTER_TOP) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 12;
  const labelX = right - 260;
  const totalRow = (label: Bilingual, fils: number, bold = false, size = 10) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(INK)
      .text(label.en, labelX, y, { width: 150, lineBreak: false });
    moneyRight(doc, fils, right - PAD, y, size, bold ? "Helvetica-Bold" : "Helvetica");
    bidiLine(doc, label.ar, labelX, y + size + 2, 170, arabic(size - 1, bold ? INK : MUTED, "left", bold));
    y += 2 * size + 14;
  };
  totalRow(labels.totalExcludingVat, totals.netFils);
  totalRow(labels.vat, totals.vatFils);
  doc
    .moveTo(labelX, y - 4)
    .lineTo(right, y - 4)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += 4;
  totalRow(labels.total, invoice.totalFils, true, 12);
  if (paid && payment) drawReceipt(sheet, y + 8, receiptHeight, labelX);
}

function drawReceipt(sheet: Sheet, boxTop: number, height: number, labelX: number): void {
  const { doc, labels, left, right } = sheet;
  const { invoice, payment } = sheet.input;
  if (!payment) return;
  doc.rect(left, boxTop, CONTENT_WIDTH, height).fill("#ecfdf5");
  const textWidth = labelX - left - 20;
  let ly = boxTop + 12;
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#166534")
    .text(labels.paymentReceived.en, left + 12, ly, { lineBreak: false });
  bidiLine(doc, labels.paymentReceived.ar, left + 12, ly + 15, textWidth, arabic(11, "#166534", "left", true));
  ly += 40;
  const paid = paidBy(invoice.paidAt ? bothDates(invoice.paidAt) : { en: "", ar: "" }, payment);
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .fillColor(INK)
    .text(paid.en, left + 12, ly, { width: textWidth });
  bidiParagraph(doc, paid.ar, left + 12, doc.y + 4, textWidth, arabic(9, INK, "left"));
  let y = boxTop + 12;
  const receiptRow = (label: Bilingual, fils: number, bold = false) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .fillColor(INK)
      .text(label.en, labelX, y, { width: 150, lineBreak: false });
    moneyRight(doc, fils, right - 12, y, 10, bold ? "Helvetica-Bold" : "Helvetica");
    bidiLine(doc, label.ar, labelX, y + 12, 170, arabic(9, bold ? INK : MUTED, "left", bold));
    y += 38;
  };
  receiptRow(labels.invoiceTotal, invoice.totalFils);
  receiptRow(labels.cardFee, payment.feeFils);
  receiptRow(labels.amountPaid, payment.amountFils, true);
}

/** The footer at the bottom of the last page, English then Arabic, centred. */
export function drawFooter(sheet: Sheet): void {
  const { doc, left } = sheet;
  const text = footer(sheet.input.company, UAE_VAT_RATE_PERCENT);
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(text.en, left, FOOTER_TOP, { width: CONTENT_WIDTH, align: "center" });
  bidiParagraph(doc, text.ar, left, doc.y + 4, CONTENT_WIDTH, arabic(8, MUTED, "center"));
}
