import { formatInvoiceDate } from "@khayl/contract/format";
import { type BidiTextStyle, bidiLine, bidiLineHeight, bidiWidth } from "./bidi-text.ts";
import type { Sheet } from "./pdf-input.ts";
import { type Bilingual, paidOn } from "./pdf-labels.ts";
import { arabic, BRAND, CONTENT_WIDTH, fact, INK, MUTED, RULE, userText } from "./pdf-layout.ts";

/** A date as both languages print it: '05 Jan 2026' and '05 يناير 2026' (Asia/Dubai). */
export function bothDates(date: Date): Bilingual {
  return { en: formatInvoiceDate(date), ar: formatInvoiceDate(date, "ar") };
}

/**
 * Width of the supplier's block at the top left, in points: the space the titles (the Arabic
 * one at 22 points is the widest, 142) and the badge leave at the right, less a gap, so that
 * an address of about 60 letters takes one line in each language.
 */
const SUPPLIER_WIDTH = 300;
/** Least space between the English TRN and the Arabic one when they share a line, in points. */
const TRN_GAP = 16;

/**
 * The Arabic twin of a name or address to print under the English one: `arabic`, or
 * undefined when it is absent or the same text (configured only in English: printed once).
 */
export function arabicTwin(arabic: string | undefined, english: string): string | undefined {
  const twin = arabic?.trim();
  return twin && twin !== english.trim() ? twin : undefined;
}

/**
 * The supplier's block at the top left (decision 018): its name in English and, below, in
 * Arabic (`nameAr`), its address likewise (`addressAr`), then its TRN in English and in
 * Arabic on one line ('TRN: …' at the left, 'الرقم الضريبي: …' after it; below it when both
 * do not fit). An Arabic twin that is absent or the same as the English is not printed.
 * Answers the y below the block, in points.
 */
function drawSupplier(sheet: Sheet): number {
  const { doc, labels, left } = sheet;
  const { company } = sheet.input;
  let y = userText(doc, company.name, left, 50, SUPPLIER_WIDTH, { size: 16, color: BRAND, bold: true });
  const nameAr = arabicTwin(company.nameAr, company.name);
  if (nameAr) y = userText(doc, nameAr, left, y + 1, SUPPLIER_WIDTH, { size: 14, color: BRAND, bold: true });
  y = userText(doc, company.address, left, y + 4, SUPPLIER_WIDTH, { size: 9, color: MUTED });
  const addressAr = arabicTwin(company.addressAr, company.address);
  if (addressAr) y = userText(doc, addressAr, left, y + 1, SUPPLIER_WIDTH, { size: 8.5, color: MUTED });

  const trn = { en: `${labels.trn.en}: ${company.trn}`, ar: `${labels.trn.ar}: ${company.trn}` };
  const top = y + 2;
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(trn.en, left, top, { lineBreak: false });
  const englishWidth = doc.widthOfString(trn.en);
  const style = arabic(9, MUTED, "left");
  const arabicWidth = bidiWidth(doc, trn.ar, style);
  if (englishWidth + TRN_GAP + arabicWidth <= SUPPLIER_WIDTH) {
    // On the English one's baseline: Helvetica's is 0.718 of 9 points below its top, Readex's 0.95 of 8.5.
    const arabicTop = top + 0.718 * 9 - 0.95 * style.size;
    bidiLine(doc, trn.ar, left + englishWidth + TRN_GAP, arabicTop, arabicWidth, style);
    return arabicTop + bidiLineHeight(style);
  }
  const arabicTop = top + doc.currentLineHeight() + 1;
  bidiLine(doc, trn.ar, left, arabicTop, SUPPLIER_WIDTH, style);
  return arabicTop + bidiLineHeight(style);
}

/**
 * The top of the invoice: the supplier (left, {@link drawSupplier}), the title in both
 * languages (the language asked for first and larger) and the PAID/UNPAID badge (right),
 * then the customer (left) and the invoice's facts (right). Answers the y below it, in points.
 */
export function drawHeading(sheet: Sheet): number {
  const { doc, labels, left, right, language, paid } = sheet;
  const supplierBottom = drawSupplier(sheet);

  const englishTitle = () =>
    doc
      .font("Helvetica-Bold")
      .fontSize(24)
      .fillColor(INK)
      .text(labels.taxInvoice.en, right - 240, language === "ar" ? 80 : 48, { width: 240, align: "right" });
  const arabicTitle = () =>
    bidiLine(doc, labels.taxInvoice.ar, right - 240, language === "ar" ? 44 : 76, 240, {
      size: language === "ar" ? 22 : 17,
      color: INK,
      bold: true,
    });
  if (language === "ar") {
    arabicTitle();
    englishTitle();
  } else {
    englishTitle();
    arabicTitle();
  }
  const badge = paid ? labels.paid : labels.unpaid;
  doc.font("Helvetica-Bold").fontSize(11);
  const badgeEnWidth = doc.widthOfString(badge.en);
  const badgeArStyle: BidiTextStyle = { size: 10.5, color: "#ffffff", bold: true, align: "left" };
  const badgeArWidth = bidiWidth(doc, badge.ar, badgeArStyle);
  const badgeWidth = badgeEnWidth + badgeArWidth + 32;
  const badgeTop = 112;
  doc.roundedRect(right - badgeWidth, badgeTop, badgeWidth, 22, 4).fill(paid ? "#15803d" : "#b45309");
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#ffffff")
    .text(badge.en, right - badgeWidth + 10, badgeTop + 6, { lineBreak: false });
  bidiLine(doc, badge.ar, right - 10 - badgeArWidth, badgeTop + 4, badgeArWidth, badgeArStyle);

  const y = Math.max(supplierBottom, badgeTop + 22) + 18;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  return Math.max(drawCustomer(sheet, y + 14), drawFacts(sheet, y + 14)) + 10;
}

/** The customer, at the left from `y`: name (or 'Customer'), e-mail, phone. Answers the y below. */
function drawCustomer(sheet: Sheet, y: number): number {
  const { doc, labels, left } = sheet;
  const { customer } = sheet.input;
  const customerWidth = 220;
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(labels.billTo.en.toUpperCase(), left, y, { characterSpacing: 0.4, lineBreak: false });
  bidiLine(doc, labels.billTo.ar, left, y - 1, customerWidth, arabic(8.5, MUTED));
  let cy = y + 13;
  if (customer?.displayName) {
    cy = userText(doc, customer.displayName, left, cy, customerWidth, { size: 11, color: INK, bold: true });
  } else {
    doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(labels.customer.en, left, cy, { lineBreak: false });
    bidiLine(doc, labels.customer.ar, left, cy - 1, customerWidth, arabic(11, INK, "right", true));
    cy += 14;
  }
  doc.font("Helvetica").fontSize(9.5).fillColor(INK);
  if (customer?.email) cy = userText(doc, customer.email, left, cy + 2, customerWidth, { size: 9.5, color: INK });
  if (customer?.phoneNumber) doc.text(customer.phoneNumber, left, cy + 2, { width: customerWidth });
  return customer?.phoneNumber ? doc.y : cy;
}

/** The invoice's facts in the right half from `y`: number, dates, status. Answers the y below. */
function drawFacts(sheet: Sheet, y: number): number {
  const { doc, labels, left, right, paid } = sheet;
  const { invoice } = sheet.input;
  const x = left + CONTENT_WIDTH / 2 + 20;
  const width = right - x;
  let fy = fact(doc, labels.invoiceNumber, { en: invoice.refNumber }, x, y, width);
  fy = fact(doc, labels.invoiceDate, bothDates(invoice.issueDate), x, fy, width);
  fy = fact(doc, labels.dueDate, bothDates(invoice.dueDate), x, fy, width);
  const status = paid && invoice.paidAt ? paidOn(bothDates(invoice.paidAt)) : labels.unpaid;
  return fact(doc, labels.status, status, x, fy, width);
}
