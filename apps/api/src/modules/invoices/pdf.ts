import { dirhamSign } from "@khayl/contract/dirham-sign";
import { formatInvoiceDate } from "@khayl/contract/format";
import {
  type InvoiceLine,
  invoiceTotals,
  type LineAmounts,
  lineAmounts,
  UAE_VAT_RATE_PERCENT,
} from "@khayl/contract/invoice-lines";
import { formatAmount } from "@khayl/contract/money";
import type { InvoiceStatus, PaymentMethodType } from "@khayl/contract/payment-values";
import PDFDocument from "pdfkit";
import type { Language } from "../../http/language.ts";
import { registerArabicFonts } from "./arabic-fonts.ts";
import { hasRightToLeft } from "./bidi-runs.ts";
import { type BidiTextStyle, bidiHeight, bidiLine, bidiParagraph, bidiWidth } from "./bidi-text.ts";

/** What the tax invoice shows. Amounts in fils; instants as `Date` (printed in Asia/Dubai). */
export interface InvoicePdfInput {
  company: { name: string; address: string; trn: string };
  invoice: {
    refNumber: string;
    issueDate: Date;
    dueDate: Date;
    lines: InvoiceLine[];
    totalFils: number;
    status: InvoiceStatus;
    paidAt: Date | null;
  };
  customer: { displayName: string | null; email: string | null; phoneNumber: string | null } | null;
  /** The successful payment, printed on the receipt of a paid invoice. */
  payment: {
    paymentType: PaymentMethodType;
    cardBrand: string | null;
    cardLast4: string | null;
    feeFils: number;
    amountFils: number;
  } | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = "#111827";
const MUTED = "#4b5563";
const BRAND = "#0b4a36";
const RULE = "#d1d5db";
/** Helvetica's cap height in font units per 1000 (AFM CapHeight). */
const CAP_HEIGHT = 0.718;

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** 'Card (Visa ending 4242)', 'Apple Pay (Visa ending 4242)' or the bare method; in Arabic 'بطاقة (Visa تنتهي بـ 4242)'. */
function paymentDescription(payment: NonNullable<InvoicePdfInput["payment"]>, language: Language): string {
  const card = language === "ar" ? "بطاقة" : "Card";
  const method = payment.paymentType === "apple-pay" ? "Apple Pay" : card;
  if (!payment.cardLast4) return method;
  const brand = payment.cardBrand ? (brandNames[payment.cardBrand] ?? payment.cardBrand) : card;
  return language === "ar"
    ? `${method} (${brand} تنتهي بـ ${payment.cardLast4})`
    : `${method} (${brand} ending ${payment.cardLast4})`;
}

type Doc = PDFKit.PDFDocument;

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
function moneyRight(doc: Doc, fils: number, right: number, top: number, size: number, font: string, color = INK): void {
  const text = formatAmount(fils);
  doc.font(font).fontSize(size);
  const textWidth = doc.widthOfString(text);
  const gap = size * 0.25;
  const start = right - textWidth - gap - signWidth(size);
  drawDirhamSign(doc, start, top, size, color);
  doc.fillColor(color).text(text, right - textWidth, top, { lineBreak: false });
}

/** The Arabic of every label (Modern Standard Arabic for the UAE, as the web pages, decision 016). */
const AR = {
  taxInvoice: "فاتورة ضريبية",
  paid: "مدفوعة",
  unpaid: "غير مدفوعة",
  trn: "الرقم الضريبي",
  billTo: "فاتورة إلى",
  customer: "العميل",
  invoiceNumber: "رقم الفاتورة",
  invoiceDate: "تاريخ الفاتورة",
  dueDate: "تاريخ الاستحقاق",
  status: "الحالة",
  paidOn: (date: string) => `مدفوعة في ${date}`,
  description: "الوصف",
  quantity: "الكمية",
  unitPrice: "سعر الوحدة (درهم)",
  netAmount: "المبلغ الصافي (درهم)",
  vatColumn: `الضريبة ${UAE_VAT_RATE_PERCENT}% (درهم)`,
  lineTotal: "الإجمالي (درهم)",
  totalExcludingVat: "المجموع الفرعي (غير شامل الضريبة)",
  vat: `ضريبة القيمة المضافة (${UAE_VAT_RATE_PERCENT}%)`,
  total: "الإجمالي (درهم، شامل الضريبة)",
  paymentReceived: "تم استلام الدفعة",
  paidBy: (date: string, method: string) => `دفعت في ${date} عن طريق ${method}`,
  invoiceTotal: "إجمالي الفاتورة",
  cardFee: "رسوم البطاقة (غير قابلة للاسترداد)",
  amountPaid: "المبلغ المدفوع",
  footer: (company: { name: string; trn: string }) =>
    `جميع المبالغ بالدرهم الإماراتي (AED) بمنزلتين عشريتين، وتحتسب ضريبة القيمة المضافة بنسبة ${UAE_VAT_RATE_PERCENT}% على كل بند. ` +
    "تخضع المدفوعات بالبطاقة لرسوم غير قابلة للاسترداد قدرها 1.5% من الإجمالي مضافا إليها 1.00 درهم. " +
    `صدرت هذه الفاتورة الضريبية إلكترونيا عن ${company.name} (الرقم الضريبي ${company.trn}).`,
};

/** Arabic labels: one size smaller than their English twin, in the same colour. */
function arabic(size: number, color: string, align: BidiTextStyle["align"] = "right", bold = false): BidiTextStyle {
  return { size: size - 0.5, color, align, bold, direction: "rtl" };
}

/**
 * Writes text that may hold Arabic (a customer's name, a line's description, the company's
 * address): plain pdfkit text when it has none, else mixed runs wrapped in `width`. Answers
 * the y below it.
 */
function userText(
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
    .font(style.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(style.size)
    .fillColor(style.color)
    .text(text, x, top, { width, align: style.align ?? "left" });
  return doc.y;
}

function userTextHeight(doc: Doc, text: string, width: number, style: { size: number; bold?: boolean }): number {
  if (hasRightToLeft(text)) return bidiHeight(doc, text, width, { ...style, color: INK });
  doc.font(style.bold ? "Helvetica-Bold" : "Helvetica").fontSize(style.size);
  return doc.heightOfString(text, { width });
}

/**
 * One fact of the invoice in the right-hand column: the English label (capitals) at the
 * left and the Arabic label at the right of one line, the value below (the Arabic value,
 * if any, at the right). English is written first so that extracted text reads
 * 'DUE DATE 04 Feb 2026' as before. Answers the y below it.
 */
function fact(
  doc: Doc,
  labels: { en: string; ar: string },
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
  doc
    .font("Helvetica-Bold")
    .fontSize(10.5)
    .fillColor(INK)
    .text(values.en, x, y + 12, { width, lineBreak: false });
  bidiLine(doc, labels.ar, x, y - 1, width, arabic(8.5, MUTED));
  if (values.ar) bidiLine(doc, values.ar, x, y + 11, width, arabic(10.5, INK, "right", true));
  return y + 34;
}

/**
 * Renders the invoice as a bilingual UAE tax invoice, English and Arabic (FTA requirements
 * for a full tax invoice; decision 018): the words 'Tax Invoice' / 'فاتورة ضريبية', the
 * supplier's name, address and TRN, the customer, a sequential reference, issue and due
 * dates (English 'DD MMM YYYY' and Arabic month names with Latin digits, both in
 * Asia/Dubai), lines with VAT (5 %) per line and in total, the total, the status (PAID with
 * the paid date and the card payment on a receipt). Amounts come in fils and are printed in
 * dirhams with 2 decimals, left to right. Every label is printed in both languages; Arabic is
 * shaped and ordered by `bidi-text.ts` in Readex Pro (embedded, subset), everything else
 * in the built-in Helvetica. `options.language` (the request's) only chooses which title
 * comes first and the document's language tag. Answers the PDF bytes.
 */
export function renderInvoicePdf(
  input: InvoicePdfInput,
  options: { compress?: boolean; language?: Language } = {},
): Promise<Buffer> {
  const { company, invoice, customer, payment } = input;
  const language = options.language ?? "en";
  const paid = invoice.status === "paid";
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: options.compress ?? true,
    info: {
      Title:
        language === "ar"
          ? `${AR.taxInvoice} / Tax Invoice ${invoice.refNumber}`
          : `Tax Invoice / ${AR.taxInvoice} ${invoice.refNumber}`,
      Author: company.name,
      Subject: paid ? `Receipt for invoice ${invoice.refNumber}` : `Invoice ${invoice.refNumber}`,
      CreationDate: invoice.issueDate,
    },
    lang: language === "ar" ? "ar-AE" : "en-GB",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerArabicFonts(doc);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const arDate = (date: Date) => formatInvoiceDate(date, "ar");

  // Supplier (left) and title (right).
  let sy = userText(doc, company.name, left, 50, 280, { size: 16, color: BRAND, bold: true });
  sy = userText(doc, company.address, left, sy + 4, 260, { size: 9, color: MUTED });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(`TRN: ${company.trn}`, left, sy + 2, { width: 260 });
  sy = doc.y + 1;
  bidiLine(doc, `${AR.trn}: ${company.trn}`, left, sy, 260, arabic(9, MUTED, "left"));
  const supplierBottom = sy + 9 * 1.45;

  const englishTitle = () =>
    doc
      .font("Helvetica-Bold")
      .fontSize(24)
      .fillColor(INK)
      .text("Tax Invoice", right - 240, language === "ar" ? 80 : 48, { width: 240, align: "right" });
  const arabicTitle = () =>
    bidiLine(doc, AR.taxInvoice, right - 240, language === "ar" ? 44 : 76, 240, {
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
  const badge = { en: paid ? "PAID" : "UNPAID", ar: paid ? AR.paid : AR.unpaid };
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

  // Customer (left) and invoice facts (right).
  let y = Math.max(supplierBottom, badgeTop + 22) + 18;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 14;
  const factsX = left + CONTENT_WIDTH / 2 + 20;
  const factsWidth = right - factsX;
  const customerWidth = 220;
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text("BILL TO", left, y, { characterSpacing: 0.4, lineBreak: false });
  bidiLine(doc, AR.billTo, left, y - 1, customerWidth, arabic(8.5, MUTED));
  let cy = y + 13;
  if (customer?.displayName) {
    cy = userText(doc, customer.displayName, left, cy, customerWidth, { size: 11, color: INK, bold: true });
  } else {
    doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("Customer", left, cy, { lineBreak: false });
    bidiLine(doc, AR.customer, left, cy - 1, customerWidth, arabic(11, INK, "right", true));
    cy += 14;
  }
  doc.font("Helvetica").fontSize(9.5).fillColor(INK);
  if (customer?.email) cy = userText(doc, customer.email, left, cy + 2, customerWidth, { size: 9.5, color: INK });
  if (customer?.phoneNumber) doc.text(customer.phoneNumber, left, cy + 2, { width: customerWidth });
  const customerBottom = customer?.phoneNumber ? doc.y : cy;

  let fy = y;
  fy = fact(doc, { en: "Invoice number", ar: AR.invoiceNumber }, { en: invoice.refNumber }, factsX, fy, factsWidth);
  fy = fact(
    doc,
    { en: "Invoice date", ar: AR.invoiceDate },
    { en: formatInvoiceDate(invoice.issueDate), ar: arDate(invoice.issueDate) },
    factsX,
    fy,
    factsWidth,
  );
  fy = fact(
    doc,
    { en: "Due date", ar: AR.dueDate },
    { en: formatInvoiceDate(invoice.dueDate), ar: arDate(invoice.dueDate) },
    factsX,
    fy,
    factsWidth,
  );
  fy = fact(
    doc,
    { en: "Status", ar: AR.status },
    paid && invoice.paidAt
      ? { en: `PAID on ${formatInvoiceDate(invoice.paidAt)}`, ar: AR.paidOn(arDate(invoice.paidAt)) }
      : { en: "UNPAID", ar: AR.unpaid },
    factsX,
    fy,
    factsWidth,
  );
  y = Math.max(customerBottom, fy) + 10;

  // Lines: description, quantity, unit price, net, VAT and total per line (AED, 2 decimals).
  const columns: {
    title: string;
    titleAr: string;
    width: number;
    align: "left" | "right";
    cell: (line: InvoiceLine, amounts: LineAmounts) => string;
  }[] = [
    { title: "Description", titleAr: AR.description, width: 185, align: "left", cell: (line) => line.description },
    { title: "Qty", titleAr: AR.quantity, width: 35, align: "right", cell: (line) => String(line.quantity) },
    {
      title: "Unit price\n(AED)",
      titleAr: AR.unitPrice,
      width: 70,
      align: "right",
      cell: (line) => formatAmount(line.unitPriceFils),
    },
    {
      title: "Net amount\n(AED)",
      titleAr: AR.netAmount,
      width: 70,
      align: "right",
      cell: (_, amounts) => formatAmount(amounts.netFils),
    },
    {
      title: `VAT ${UAE_VAT_RATE_PERCENT}%\n(AED)`,
      titleAr: AR.vatColumn,
      width: 60,
      align: "right",
      cell: (_, amounts) => formatAmount(amounts.vatFils),
    },
    {
      title: "Total\n(AED)",
      titleAr: AR.lineTotal,
      width: 75,
      align: "right",
      cell: (_, amounts) => formatAmount(amounts.grossFils),
    },
  ];
  const pad = 6;
  const headerAr = arabic(8.5, INK, "right", true);
  doc.font("Helvetica-Bold").fontSize(8.5);
  const titleHeight = Math.max(...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 2 * pad })));
  const titleArHeight = Math.max(...columns.map((c) => bidiHeight(doc, c.titleAr, c.width - 2 * pad, headerAr)));
  const headerHeight = pad + titleHeight + 2 + titleArHeight + pad - 2;
  doc.rect(left, y, CONTENT_WIDTH, headerHeight).fill("#f3f4f6");
  let x = left;
  for (const column of columns) {
    doc
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .fillColor(INK)
      .text(column.title, x + pad, y + pad, { width: column.width - 2 * pad, align: column.align });
    bidiParagraph(doc, column.titleAr, x + pad, y + pad + titleHeight + 2, column.width - 2 * pad, headerAr);
    x += column.width;
  }
  y += headerHeight;
  const cellStyle = { size: 9.5, color: INK };
  const arabicDescription = arabic(9, MUTED);
  for (const line of invoice.lines) {
    const amounts = lineAmounts(line);
    const cells = columns.map((column) => ({ column, text: column.cell(line, amounts) }));
    const descriptionWidth = (columns[0]?.width ?? 0) - 2 * pad;
    const arHeight = line.descriptionAr ? bidiHeight(doc, line.descriptionAr, descriptionWidth, arabicDescription) : 0;
    const height =
      Math.max(...cells.map(({ column, text }) => userTextHeight(doc, text, column.width - 2 * pad, cellStyle))) +
      (arHeight ? arHeight + 2 : 0) +
      2 * pad;
    if (y + height > PAGE.height - 200) {
      doc.addPage();
      y = PAGE.margin;
    }
    x = left;
    for (const { column, text } of cells) {
      const bottom = userText(doc, text, x + pad, y + pad, column.width - 2 * pad, {
        ...cellStyle,
        align: column.align,
      });
      if (column === columns[0] && line.descriptionAr) {
        bidiParagraph(doc, line.descriptionAr, x + pad, bottom + 2, descriptionWidth, arabicDescription);
      }
      x += column.width;
    }
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  // Totals, each label in English with its Arabic below, the amount at the right.
  const totals = invoiceTotals(invoice.lines);
  const totalsHeight = 3 * 34 + 20;
  const receiptHeight = paid && payment ? 140 : 0;
  const footerTop = PAGE.height - PAGE.margin - 78;
  if (y + 12 + totalsHeight + receiptHeight > footerTop) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 12;
  const labelX = right - 260;
  const totalRow = (label: string, labelAr: string, fils: number, bold = false, size = 10) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(INK)
      .text(label, labelX, y, { width: 150, lineBreak: false });
    moneyRight(doc, fils, right - pad, y, size, bold ? "Helvetica-Bold" : "Helvetica");
    bidiLine(doc, labelAr, labelX, y + size + 2, 170, arabic(size - 1, bold ? INK : MUTED, "left", bold));
    y += 2 * size + 14;
  };
  totalRow("Total excluding VAT", AR.totalExcludingVat, totals.netFils);
  totalRow(`VAT (${UAE_VAT_RATE_PERCENT}%)`, AR.vat, totals.vatFils);
  doc
    .moveTo(labelX, y - 4)
    .lineTo(right, y - 4)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += 4;
  totalRow("Total (AED, VAT included)", AR.total, invoice.totalFils, true, 12);

  // Receipt of a paid invoice: how and when, the non-refundable card fee, the amount charged.
  if (paid && payment) {
    y += 8;
    const boxTop = y;
    doc.rect(left, boxTop, CONTENT_WIDTH, receiptHeight).fill("#ecfdf5");
    const textWidth = labelX - left - 20;
    let ly = boxTop + 12;
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#166534")
      .text("Payment received", left + 12, ly, { lineBreak: false });
    bidiLine(doc, AR.paymentReceived, left + 12, ly + 15, textWidth, arabic(11, "#166534", "left", true));
    ly += 40;
    const paidOn = invoice.paidAt ? formatInvoiceDate(invoice.paidAt) : "";
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(INK)
      .text(`Paid on ${paidOn} by ${paymentDescription(payment, "en")}`, left + 12, ly, { width: textWidth });
    ly = doc.y + 4;
    const arPaidOn = invoice.paidAt ? arDate(invoice.paidAt) : "";
    bidiParagraph(
      doc,
      AR.paidBy(arPaidOn, paymentDescription(payment, "ar")),
      left + 12,
      ly,
      textWidth,
      arabic(9, INK, "left"),
    );
    y = boxTop + 12;
    const receiptRow = (label: string, labelAr: string, fils: number, bold = false) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(10)
        .fillColor(INK)
        .text(label, labelX, y, { width: 150, lineBreak: false });
      moneyRight(doc, fils, right - 12, y, 10, bold ? "Helvetica-Bold" : "Helvetica");
      bidiLine(doc, labelAr, labelX, y + 12, 170, arabic(9, bold ? INK : MUTED, "left", bold));
      y += 38;
    };
    receiptRow("Invoice total", AR.invoiceTotal, invoice.totalFils);
    receiptRow("Card fee (non-refundable)", AR.cardFee, payment.feeFils);
    receiptRow("Amount paid", AR.amountPaid, payment.amountFils, true);
    y = boxTop + receiptHeight;
  }

  // Footer, English then Arabic, centred.
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(
    `All amounts are in UAE dirhams (AED) with 2 decimals; VAT is charged at ${UAE_VAT_RATE_PERCENT}% per line. ` +
      `Card payments carry a non-refundable fee of 1.5% of the total plus AED 1.00. ` +
      `This tax invoice was issued electronically by ${company.name} (TRN ${company.trn}).`,
    left,
    footerTop,
    { width: CONTENT_WIDTH, align: "center" },
  );
  bidiParagraph(doc, AR.footer(company), left, doc.y + 4, CONTENT_WIDTH, arabic(8, MUTED, "center"));
  doc.end();
  return done;
}
