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

/** 'Card (Visa ending 4242)', 'Apple Pay (Visa ending 4242)' or the bare method. */
function paymentDescription(payment: NonNullable<InvoicePdfInput["payment"]>): string {
  const method = payment.paymentType === "apple-pay" ? "Apple Pay" : "Card";
  if (!payment.cardLast4) return method;
  const brand = payment.cardBrand ? (brandNames[payment.cardBrand] ?? payment.cardBrand) : "Card";
  return `${method} (${brand} ending ${payment.cardLast4})`;
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

function labelValue(doc: Doc, label: string, value: string, x: number, y: number, width: number): number {
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, y, { width, characterSpacing: 0.4 });
  doc
    .font("Helvetica-Bold")
    .fontSize(10.5)
    .fillColor(INK)
    .text(value, x, doc.y + 1, { width });
  return doc.y + 8;
}

/**
 * Renders the invoice as a UAE tax invoice (FTA requirements for a full tax invoice):
 * the words 'Tax Invoice', the supplier's name, address and TRN, the customer, a
 * sequential reference, issue and due dates ('DD MMM YYYY', Asia/Dubai), lines with
 * VAT (5 %) per line and in total, the total, the status (PAID with the paid date and
 * the card payment on a receipt), amounts with 2 decimals. Built-in Helvetica only,
 * so nothing depends on system fonts. Answers the PDF bytes.
 */
export function renderInvoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { company, invoice, customer, payment } = input;
  const paid = invoice.status === "paid";
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: options.compress ?? true,
    info: {
      Title: `Tax Invoice ${invoice.refNumber}`,
      Author: company.name,
      Subject: paid ? `Receipt for invoice ${invoice.refNumber}` : `Invoice ${invoice.refNumber}`,
      CreationDate: invoice.issueDate,
    },
    lang: "en-GB",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // Supplier (left) and title (right).
  doc.font("Helvetica-Bold").fontSize(16).fillColor(BRAND).text(company.name, left, 50, { width: 280 });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(company.address, left, doc.y + 4, { width: 260 });
  doc.text(`TRN: ${company.trn}`, left, doc.y + 2, { width: 260 });
  const supplierBottom = doc.y;

  doc
    .font("Helvetica-Bold")
    .fontSize(24)
    .fillColor(INK)
    .text("Tax Invoice", right - 240, 48, { width: 240, align: "right" });
  const badge = paid ? "PAID" : "UNPAID";
  doc.font("Helvetica-Bold").fontSize(11);
  const badgeWidth = doc.widthOfString(badge) + 20;
  doc.roundedRect(right - badgeWidth, 84, badgeWidth, 22, 4).fill(paid ? "#15803d" : "#b45309");
  doc.fillColor("#ffffff").text(badge, right - badgeWidth, 90, { width: badgeWidth, align: "center" });

  // Customer (left) and invoice facts (right).
  let y = Math.max(supplierBottom, 110) + 24;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 14;
  const factsX = left + CONTENT_WIDTH / 2 + 20;
  const factsWidth = right - factsX;
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text("BILL TO", left, y, { characterSpacing: 0.4 });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(customer?.displayName ?? "Customer", left, doc.y + 2, { width: 220 });
  doc.font("Helvetica").fontSize(9.5).fillColor(INK);
  if (customer?.email) doc.text(customer.email, left, doc.y + 2, { width: 220 });
  if (customer?.phoneNumber) doc.text(customer.phoneNumber, left, doc.y + 2, { width: 220 });
  const customerBottom = doc.y;

  let fy = y;
  fy = labelValue(doc, "Invoice number", invoice.refNumber, factsX, fy, factsWidth);
  fy = labelValue(doc, "Invoice date", formatInvoiceDate(invoice.issueDate), factsX, fy, factsWidth);
  fy = labelValue(doc, "Due date", formatInvoiceDate(invoice.dueDate), factsX, fy, factsWidth);
  fy = labelValue(
    doc,
    "Status",
    paid && invoice.paidAt ? `PAID on ${formatInvoiceDate(invoice.paidAt)}` : "UNPAID",
    factsX,
    fy,
    factsWidth,
  );
  y = Math.max(customerBottom, fy) + 14;

  // Lines: description, quantity, unit price, net, VAT and total per line (AED, 2 decimals).
  const columns: {
    title: string;
    width: number;
    align: "left" | "right";
    cell: (line: InvoiceLine, amounts: LineAmounts) => string;
  }[] = [
    { title: "Description", width: 185, align: "left", cell: (line) => line.description },
    { title: "Qty", width: 35, align: "right", cell: (line) => String(line.quantity) },
    { title: "Unit price\n(AED)", width: 70, align: "right", cell: (line) => formatAmount(line.unitPriceFils) },
    { title: "Net amount\n(AED)", width: 70, align: "right", cell: (_, amounts) => formatAmount(amounts.netFils) },
    {
      title: `VAT ${UAE_VAT_RATE_PERCENT}%\n(AED)`,
      width: 60,
      align: "right",
      cell: (_, amounts) => formatAmount(amounts.vatFils),
    },
    { title: "Total\n(AED)", width: 75, align: "right", cell: (_, amounts) => formatAmount(amounts.grossFils) },
  ];
  const pad = 6;
  const headerHeight = 30;
  doc.rect(left, y, CONTENT_WIDTH, headerHeight).fill("#f3f4f6");
  let x = left;
  doc.font("Helvetica-Bold").fontSize(8.5).fillColor(INK);
  for (const column of columns) {
    doc.text(column.title, x + pad, y + 6, { width: column.width - 2 * pad, align: column.align });
    x += column.width;
  }
  y += headerHeight;
  doc.font("Helvetica").fontSize(9.5);
  for (const line of invoice.lines) {
    const amounts = lineAmounts(line);
    const cells = columns.map((column) => ({ column, text: column.cell(line, amounts) }));
    const height =
      Math.max(...cells.map(({ column, text }) => doc.heightOfString(text, { width: column.width - 2 * pad }))) +
      2 * pad;
    if (y + height > PAGE.height - 200) {
      doc.addPage();
      y = PAGE.margin;
    }
    x = left;
    doc.fillColor(INK);
    for (const { column, text } of cells) {
      doc.text(text, x + pad, y + pad, { width: column.width - 2 * pad, align: column.align });
      x += column.width;
    }
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  // Totals.
  const totals = invoiceTotals(invoice.lines);
  y += 12;
  const labelX = right - 260;
  const totalRow = (label: string, fils: number, bold = false, size = 10) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(INK)
      .text(label, labelX, y, { width: 150 });
    moneyRight(doc, fils, right - pad, y, size, bold ? "Helvetica-Bold" : "Helvetica");
    y += size + 10;
  };
  totalRow("Total excluding VAT", totals.netFils);
  totalRow(`VAT (${UAE_VAT_RATE_PERCENT}%)`, totals.vatFils);
  doc
    .moveTo(labelX, y - 4)
    .lineTo(right, y - 4)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += 4;
  totalRow("Total (AED, VAT included)", invoice.totalFils, true, 12);

  // Receipt of a paid invoice: how and when, the non-refundable card fee, the amount charged.
  if (paid && payment) {
    y += 14;
    const boxTop = y;
    doc.rect(left, boxTop, CONTENT_WIDTH, 92).fill("#ecfdf5");
    y = boxTop + 12;
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#166534")
      .text("Payment received", left + 12, y);
    y += 18;
    doc.font("Helvetica").fontSize(9.5).fillColor(INK);
    doc.text(
      `Paid on ${invoice.paidAt ? formatInvoiceDate(invoice.paidAt) : ""} by ${paymentDescription(payment)}`,
      left + 12,
      y,
      { width: 280 },
    );
    const receiptRow = (label: string, fils: number, bold = false) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(10)
        .fillColor(INK)
        .text(label, labelX, y, { width: 150 });
      moneyRight(doc, fils, right - 12, y, 10, bold ? "Helvetica-Bold" : "Helvetica");
      y += 20;
    };
    receiptRow("Invoice total", invoice.totalFils);
    receiptRow("Card fee (non-refundable)", payment.feeFils);
    receiptRow("Amount paid", payment.amountFils, true);
    y = boxTop + 92;
  }

  // Footer.
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(
    `All amounts are in UAE dirhams (AED) with 2 decimals; VAT is charged at ${UAE_VAT_RATE_PERCENT}% per line. ` +
      `Card payments carry a non-refundable fee of 1.5% of the total plus AED 1.00. ` +
      `This tax invoice was issued electronically by ${company.name} (TRN ${company.trn}).`,
    left,
    PAGE.height - PAGE.margin - 40,
    { width: CONTENT_WIDTH, align: "center" },
  );
  doc.end();
  return done;
}
