import { sharedVatRate } from "@khayl/contract/invoice-lines";
import { oneLine } from "@khayl/contract/text";
import PDFDocument from "pdfkit";
import type { Language } from "../../http/language.ts";
import { registerArabicFonts } from "./arabic-fonts.ts";
import { drawHeading } from "./pdf-heading.ts";
import type { InvoicePdfInput, Sheet } from "./pdf-input.ts";
import { documentInfo, invoiceLabels } from "./pdf-labels.ts";
import { PAGE } from "./pdf-layout.ts";
import { drawFooter, drawLines, drawTotals } from "./pdf-lines.ts";
import { numberPages } from "./pdf-pages.ts";

export type { InvoicePdfInput } from "./pdf-input.ts";

/**
 * Renders the invoice as a bilingual UAE tax invoice, English and Arabic (FTA requirements
 * for a full tax invoice; decision 018): the words 'Tax Invoice' / 'فاتورة ضريبية', the
 * supplier's name and address (in English, and in Arabic below when configured) and TRN,
 * the customer, a sequential reference, issue and due dates (English 'DD MMM YYYY' and
 * Arabic month names with Latin digits, both in Asia/Dubai), lines with VAT per line and in total (the rate in the headings when every line carries it, under each line's VAT otherwise), discounts and credits as negative lines, the total, the status (PAID with
 * the paid date and the card payment on a receipt). Amounts come in fils and are printed in
 * dirhams with 2 decimals, left to right. Every label is printed in both languages, from the
 * catalogue (pdf-labels.ts, decision 027); Arabic is shaped and ordered by `bidi-text.ts` in
 * Readex Pro (embedded, subset), everything else in the built-in Helvetica; the layout is
 * pdf-layout.ts, the parts of the page pdf-heading.ts and pdf-lines.ts. One page while it
 * fits (the totals and receipt are measured before they are placed); more lines go on to
 * continuation pages headed with the supplier's name and the invoice number
 * (pdf-pages.ts), and every page is numbered 'Page N of M' / 'صفحة N من M'.
 * `options.language` (the request's) only chooses which title comes first and the
 * document's language tag. The texts of the invoice's data (the customer's, the lines'
 * descriptions, the reference) are printed `oneLine`: a control character would print as a
 * stray glyph, a bidirectional override would turn the rest of a line around. Answers the
 * PDF bytes.
 */
export function renderInvoicePdf(
  data: InvoicePdfInput,
  options: { compress?: boolean; language?: Language } = {},
): Promise<Buffer> {
  const input = printable(data);
  const language = options.language ?? "en";
  const paid = input.invoice.status === "paid";
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: options.compress ?? true,
    info: {
      ...documentInfo(input.invoice.refNumber, paid, language),
      Author: input.company.name,
      CreationDate: input.invoice.issueDate,
    },
    lang: language === "ar" ? "ar-AE" : "en-GB",
    displayTitle: true,
    // Pages stay in memory until `end()`, so that numberPages can go back to write 'Page N of M'.
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerArabicFonts(doc);
  const sheet: Sheet = {
    doc,
    input,
    labels: invoiceLabels(sharedVatRate(input.invoice.lines)),
    language,
    paid,
    left: PAGE.margin,
    right: PAGE.width - PAGE.margin,
  };
  const y = drawLines(sheet, drawHeading(sheet));
  drawTotals(sheet, y);
  drawFooter(sheet);
  numberPages(sheet);
  doc.end();
  return done;
}

/** `input` with the texts that come from the invoice's data made `oneLine` (empty ones as missing). */
function printable(input: InvoicePdfInput): InvoicePdfInput {
  const text = (value: string | null) => (value === null ? null : oneLine(value) || null);
  const { invoice, customer } = input;
  return {
    ...input,
    invoice: {
      ...invoice,
      refNumber: oneLine(invoice.refNumber),
      lines: invoice.lines.map((line) => ({
        ...line,
        description: oneLine(line.description),
        ...(line.descriptionAr === undefined ? {} : { descriptionAr: oneLine(line.descriptionAr) }),
      })),
    },
    customer: customer && {
      displayName: text(customer.displayName),
      email: text(customer.email),
      phoneNumber: text(customer.phoneNumber),
    },
  };
}
