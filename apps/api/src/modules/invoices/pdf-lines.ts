import {
  type InvoiceLine,
  invoiceTotals,
  type LineAmounts,
  lineAmounts,
  sharedVatRate,
} from "@khayl/contract/invoice-lines";
import { formatAmount } from "@khayl/contract/money";
import { bidiHeight, bidiLine, bidiLineHeight, bidiParagraph } from "./bidi-text.ts";
import { latinFont } from "./latin-fonts.ts";
import { bothDates } from "./pdf-heading.ts";
import type { Sheet } from "./pdf-input.ts";
import { type Bilingual, footer, paidBy, vatCell } from "./pdf-labels.ts";
import { arabic, CONTENT_WIDTH, INK, MUTED, moneyRight, PAGE, RULE, userText, userTextHeight } from "./pdf-layout.ts";
import { newPage } from "./pdf-pages.ts";

/** Padding inside a table cell, in points. */
const PAD = 6;

/** A column of the lines table: its title in both languages, width (points), alignment and cell. */
interface Column {
  title: Bilingual;
  width: number;
  align: "left" | "right";
  cell: (line: InvoiceLine, amounts: LineAmounts) => string;
}

/** The table's columns; the VAT cell carries the line's rate when the lines' rates differ. */
function columnsOf(labels: Sheet["labels"], lines: readonly InvoiceLine[]): Column[] {
  const rate = sharedVatRate(lines);
  return [
    { title: labels.description, width: 185, align: "left", cell: (line) => line.description },
    { title: labels.quantity, width: 35, align: "right", cell: (line) => String(line.quantity) },
    { title: labels.unitPrice, width: 70, align: "right", cell: (line) => formatAmount(line.unitPriceFils) },
    { title: labels.netAmount, width: 70, align: "right", cell: (_, amounts) => formatAmount(amounts.netFils) },
    {
      title: labels.vatColumn,
      width: 60,
      align: "right",
      cell: (line, amounts) => vatCell(amounts.vatFils, line.vatRatePercent, rate),
    },
    { title: labels.lineTotal, width: 75, align: "right", cell: (_, amounts) => formatAmount(amounts.grossFils) },
  ];
}

/**
 * The lines table's header row from `top` (English titles, Arabic below, on grey), on the
 * first page and again at the top of each page the rows go on to. Answers the y below it.
 */
function drawTableHeader(sheet: Sheet, columns: Column[], top: number): number {
  const { doc, left } = sheet;
  const headerAr = arabic(8.5, INK, "right", true);
  doc.font("Helvetica-Bold").fontSize(8.5);
  const titleHeight = Math.max(...columns.map((c) => doc.heightOfString(c.title.en, { width: c.width - 2 * PAD })));
  const titleArHeight = Math.max(...columns.map((c) => bidiHeight(doc, c.title.ar, c.width - 2 * PAD, headerAr)));
  const headerHeight = PAD + titleHeight + 2 + titleArHeight + PAD - 2;
  doc.rect(left, top, CONTENT_WIDTH, headerHeight).fill("#f3f4f6");
  let x = left;
  for (const column of columns) {
    doc
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .fillColor(INK)
      .text(column.title.en, x + PAD, top + PAD, { width: column.width - 2 * PAD, align: column.align });
    bidiParagraph(doc, column.title.ar, x + PAD, top + PAD + titleHeight + 2, column.width - 2 * PAD, headerAr);
    x += column.width;
  }
  return top + headerHeight;
}

/**
 * The lines table from `y`: a header row, then one row per line — description (its Arabic
 * below when it has one), quantity, unit price, net, VAT and total (AED, 2 decimals) — on a
 * continuation page ({@link newPage}, the header row repeated) when a row would not fit.
 * Answers the y below, in points.
 */
export function drawLines(sheet: Sheet, top: number): number {
  const { doc, left, right } = sheet;
  const columns = columnsOf(sheet.labels, sheet.input.invoice.lines);
  let y = drawTableHeader(sheet, columns, top);
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
    if (y + height > PAGE.height - 200) y = drawTableHeader(sheet, columns, newPage(sheet));
    let x = left;
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

/** Space between the lines table and the totals, in points. */
const TOTALS_GAP = 12;
/** Space between the grand total's row and the rule above it, in points. */
const TOTAL_RULE_GAP = 4;
/** Space between the totals and the receipt box, in points. */
const RECEIPT_GAP = 8;
/** Padding inside the receipt box, in points. */
const RECEIPT_PAD = 12;
/** Least space between the last thing above the footer and the footer, in points. */
const FOOTER_GAP = 8;
/** Where the totals' and the receipt's labels start: this many points left of the content's right edge. */
const TOTALS_LABEL_OFFSET = 260;
/** Width of the receipt's title and sentence ('Paid on … by …'), left of its amounts, in points. */
const RECEIPT_TEXT_WIDTH = CONTENT_WIDTH - TOTALS_LABEL_OFFSET - 20;

/** Step from one totals row to the next at `size` points: English label, Arabic below, the gap. */
const totalRowStep = (size: number) => 2 * size + 14;

/**
 * Height in points of the totals as {@link drawTotals} draws them from the table's bottom:
 * the gap, net and VAT rows (10 points), the rule, the grand total (12 points). Every part is
 * one line of fixed size, so this is exact, whatever the amounts.
 */
const TOTALS_HEIGHT = TOTALS_GAP + 2 * totalRowStep(10) + TOTAL_RULE_GAP + totalRowStep(12);

/** Step from one receipt row (invoice total, card fee, amount paid; 10 points) to the next, as the totals' rows. */
const RECEIPT_ROW_STEP = totalRowStep(10);
/** Offset of a receipt row's Arabic label below its English one, in points (as the totals' rows). */
const RECEIPT_ROW_ARABIC = 12;
/** Step from the receipt's title ('Payment received', its Arabic below) to its sentence, in points. */
const RECEIPT_TITLE_STEP = 40;

/** The receipt of a paid invoice, measured before it is drawn. */
interface Receipt {
  /** The sentence 'Paid on 07 Jan 2026 by Card (Visa ending 4242)' in both languages. */
  sentence: Bilingual;
  /** Height of the box in points: padding, the taller of its two columns, padding. */
  height: number;
}

/**
 * Measures the receipt box {@link drawReceipt} draws for `payment`: the left column (title,
 * then the sentence in English and, wrapped below, Arabic) and the right one (three rows of
 * amounts), each with the fonts and widths used to draw it; the box is as tall as the taller
 * column plus padding. Sets `doc`'s font to measure.
 */
function measureReceipt(sheet: Sheet, payment: NonNullable<Sheet["input"]["payment"]>): Receipt {
  const { doc } = sheet;
  const { invoice } = sheet.input;
  const sentence = paidBy(invoice.paidAt ? bothDates(invoice.paidAt) : { en: "", ar: "" }, payment);
  doc.font("Helvetica").fontSize(9.5);
  const leftColumn =
    RECEIPT_TITLE_STEP +
    doc.heightOfString(sentence.en, { width: RECEIPT_TEXT_WIDTH }) +
    4 +
    bidiHeight(doc, sentence.ar, RECEIPT_TEXT_WIDTH, arabic(9, INK, "left"));
  // The third row (amount paid) starts two steps down; its Arabic is one line below its English.
  const rightColumn = 2 * RECEIPT_ROW_STEP + RECEIPT_ROW_ARABIC + bidiLineHeight(arabic(9, INK, "left", true));
  return { sentence, height: RECEIPT_PAD + Math.max(leftColumn, rightColumn) + RECEIPT_PAD };
}

/**
 * Top of the footer on the last page, in points from the top of the page: the footer's
 * measured height above the bottom margin ({@link drawFooter}). Sets `doc`'s font to measure.
 */
function footerTop(sheet: Sheet): number {
  const { doc } = sheet;
  const text = footer(sheet.input.company, sharedVatRate(sheet.input.invoice.lines));
  doc.font(latinFont(doc, text.en, "regular")).fontSize(8);
  const height =
    doc.heightOfString(text.en, { width: CONTENT_WIDTH }) +
    4 +
    bidiHeight(doc, text.ar, CONTENT_WIDTH, arabic(8, MUTED, "center"));
  return PAGE.height - PAGE.margin - height;
}

/**
 * The totals from `top` (each label in English with its Arabic below, the amount in fils
 * printed in dirhams at the right) and, for a paid invoice, the receipt: how and when it was
 * paid, the invoice total, the non-refundable card fee and the amount charged. Both are
 * measured first (their real height, {@link TOTALS_HEIGHT} and {@link measureReceipt}) and go
 * to a continuation page ({@link newPage}) only when they would not end `FOOTER_GAP` above
 * the footer ({@link footerTop}).
 */
export function drawTotals(sheet: Sheet, top: number): void {
  const { doc, labels, right, paid } = sheet;
  const { invoice, payment } = sheet.input;
  const totals = invoiceTotals(invoice.lines);
  const receipt = paid && payment ? measureReceipt(sheet, payment) : undefined;
  const height = TOTALS_HEIGHT + (receipt ? RECEIPT_GAP + receipt.height : 0);
  let y = top + height + FOOTER_GAP > footerTop(sheet) ? newPage(sheet) : top;
  y += TOTALS_GAP;
  const labelX = right - TOTALS_LABEL_OFFSET;
  const totalRow = (label: Bilingual, fils: number, bold = false, size = 10) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(INK)
      .text(label.en, labelX, y, { width: 150, lineBreak: false });
    moneyRight(doc, fils, right - PAD, y, size, bold ? "Helvetica-Bold" : "Helvetica");
    bidiLine(doc, label.ar, labelX, y + size + 2, 170, arabic(size - 1, bold ? INK : MUTED, "left", bold));
    y += totalRowStep(size);
  };
  totalRow(labels.totalExcludingVat, totals.netFils);
  totalRow(labels.vat, totals.vatFils);
  doc
    .moveTo(labelX, y - 4)
    .lineTo(right, y - 4)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += TOTAL_RULE_GAP;
  totalRow(labels.total, invoice.totalFils, true, 12);
  if (receipt && payment) drawReceipt(sheet, y + RECEIPT_GAP, receipt, payment);
}

/**
 * The receipt box from `boxTop`, `receipt.height` points tall (as measured by
 * {@link measureReceipt}): the title and the sentence at the left, the invoice total, the
 * card fee and the amount paid (fils, printed in dirhams) at the right.
 */
function drawReceipt(
  sheet: Sheet,
  boxTop: number,
  receipt: Receipt,
  payment: NonNullable<Sheet["input"]["payment"]>,
): void {
  const { doc, labels, left, right } = sheet;
  const { invoice } = sheet.input;
  const labelX = right - TOTALS_LABEL_OFFSET;
  doc.rect(left, boxTop, CONTENT_WIDTH, receipt.height).fill("#ecfdf5");
  let ly = boxTop + RECEIPT_PAD;
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#166534")
    .text(labels.paymentReceived.en, left + RECEIPT_PAD, ly, { lineBreak: false });
  bidiLine(
    doc,
    labels.paymentReceived.ar,
    left + RECEIPT_PAD,
    ly + 15,
    RECEIPT_TEXT_WIDTH,
    arabic(11, "#166534", "left", true),
  );
  ly += RECEIPT_TITLE_STEP;
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .fillColor(INK)
    .text(receipt.sentence.en, left + RECEIPT_PAD, ly, { width: RECEIPT_TEXT_WIDTH });
  bidiParagraph(doc, receipt.sentence.ar, left + RECEIPT_PAD, doc.y + 4, RECEIPT_TEXT_WIDTH, arabic(9, INK, "left"));
  let y = boxTop + RECEIPT_PAD;
  const receiptRow = (label: Bilingual, fils: number, bold = false) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .fillColor(INK)
      .text(label.en, labelX, y, { width: 150, lineBreak: false });
    moneyRight(doc, fils, right - RECEIPT_PAD, y, 10, bold ? "Helvetica-Bold" : "Helvetica");
    bidiLine(doc, label.ar, labelX, y + RECEIPT_ROW_ARABIC, 170, arabic(9, bold ? INK : MUTED, "left", bold));
    y += RECEIPT_ROW_STEP;
  };
  receiptRow(labels.invoiceTotal, invoice.totalFils);
  receiptRow(labels.cardFee, payment.feeFils);
  receiptRow(labels.amountPaid, payment.amountFils, true);
}

/** The footer at the bottom of the last page (its measured height above the bottom margin), English then Arabic, centred. */
export function drawFooter(sheet: Sheet): void {
  const { doc, left } = sheet;
  const text = footer(sheet.input.company, sharedVatRate(sheet.input.invoice.lines));
  const top = footerTop(sheet);
  // The company's name is configured text: DejaVu Sans if Helvetica lacks one of its letters.
  doc
    .font(latinFont(doc, text.en, "regular"))
    .fontSize(8)
    .fillColor(MUTED);
  doc.text(text.en, left, top, { width: CONTENT_WIDTH, align: "center" });
  bidiParagraph(doc, text.ar, left, doc.y + 4, CONTENT_WIDTH, arabic(8, MUTED, "center"));
}
