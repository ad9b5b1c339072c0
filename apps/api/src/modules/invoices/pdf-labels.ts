import type { Message } from "@khayl/contract/messages";
import { formatAmount } from "@khayl/contract/money";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import type { Language } from "../../http/language.ts";
import { translate } from "../../i18n.ts";

/**
 * The words of the tax invoice PDF (decision 018), from the catalogue (decision 027): every
 * label in English and in Arabic, since both print on every invoice. Layout lives in
 * pdf-layout.ts, the order of the page in pdf.ts, pdf-heading.ts and pdf-lines.ts.
 */

/** A text in both languages. */
export interface Bilingual {
  en: string;
  ar: string;
}

const both = (message: Message): Bilingual => ({ en: translate(message, "en"), ar: translate(message, "ar") });
const valued = (source: Message, values: Record<string, string | number>): Message => ({ ...source, values });

/** The fixed labels, by their place on the invoice. */
const fixed = {
  taxInvoice: /*i18n*/ { id: "pdf.taxInvoice", message: "Tax Invoice" },
  paid: /*i18n*/ { id: "pdf.paid", message: "PAID" },
  unpaid: /*i18n*/ { id: "pdf.unpaid", message: "UNPAID" },
  trn: /*i18n*/ { id: "pdf.trn", message: "TRN" },
  billTo: /*i18n*/ { id: "pdf.billTo", message: "Bill to" },
  customer: /*i18n*/ { id: "pdf.customer", message: "Customer" },
  invoiceNumber: /*i18n*/ { id: "pdf.invoiceNumber", message: "Invoice number" },
  invoiceDate: /*i18n*/ { id: "pdf.invoiceDate", message: "Invoice date" },
  dueDate: /*i18n*/ { id: "pdf.dueDate", message: "Due date" },
  status: /*i18n*/ { id: "pdf.status", message: "Status" },
  description: /*i18n*/ { id: "pdf.column.description", message: "Description" },
  quantity: /*i18n*/ { id: "pdf.column.quantity", message: "Qty" },
  unitPrice: /*i18n*/ { id: "pdf.column.unitPrice", message: "Unit price\n(AED)" },
  netAmount: /*i18n*/ { id: "pdf.column.netAmount", message: "Net amount\n(AED)" },
  lineTotal: /*i18n*/ { id: "pdf.column.total", message: "Total\n(AED)" },
  totalExcludingVat: /*i18n*/ { id: "pdf.totalExcludingVat", message: "Total excluding VAT" },
  total: /*i18n*/ { id: "pdf.total", message: "Total (AED, VAT included)" },
  paymentReceived: /*i18n*/ { id: "pdf.paymentReceived", message: "Payment received" },
  invoiceTotal: /*i18n*/ { id: "pdf.invoiceTotal", message: "Invoice total" },
  cardFee: /*i18n*/ { id: "pdf.cardFee", message: "Card fee (non-refundable)" },
  amountPaid: /*i18n*/ { id: "pdf.amountPaid", message: "Amount paid" },
} as const satisfies Record<string, Message>;

type FixedLabel = keyof typeof fixed;

/**
 * The labels that carry the VAT rate (percent): the VAT column's title and the VAT total's
 * label, with `rate` in them; without, for an invoice whose lines carry different rates
 * (`rate` null: each line's rate is printed under its VAT, {@link vatCell}).
 */
function vatLabels(rate: number | null) {
  if (rate === null) {
    const column = /*i18n*/ { id: "pdf.column.vatMixed", message: "VAT\n(AED)" };
    const total = /*i18n*/ { id: "pdf.vatMixed", message: "VAT" };
    return { vatColumn: both(column), vat: both(total) };
  }
  const column = /*i18n*/ { id: "pdf.column.vat", message: "VAT {rate}%\n(AED)" };
  const total = /*i18n*/ { id: "pdf.vat", message: "VAT ({rate}%)" };
  return { vatColumn: both(valued(column, { rate })), vat: both(valued(total, { rate })) };
}

/** Every label of the invoice in both languages, for one VAT rate or (null) rates per line. */
export type InvoiceLabels = Record<FixedLabel, Bilingual> & ReturnType<typeof vatLabels>;

const cached = new Map<number | null, InvoiceLabels>();

/**
 * The labels for an invoice whose lines all carry `vatRatePercent`, or (null) different
 * rates (`sharedVatRate`); translated once per rate and process.
 */
export function invoiceLabels(vatRatePercent: number | null): InvoiceLabels {
  const known = cached.get(vatRatePercent);
  if (known) return known;
  const labels = {
    ...(Object.fromEntries(Object.entries(fixed).map(([key, message]) => [key, both(message)])) as Record<
      FixedLabel,
      Bilingual
    >),
    ...vatLabels(vatRatePercent),
  };
  // A handful of rates at most (5 %, 0 %, mixed); the bound only guards against odd data.
  if (cached.size < 16) cached.set(vatRatePercent, labels);
  return labels;
}

/**
 * A line's VAT cell: its amount ('12.50', from fils), and below it the line's rate ('0%')
 * when the invoice's lines carry different rates (`sharedRate` null).
 */
export function vatCell(vatFils: number, lineRate: number, sharedRate: number | null): string {
  return sharedRate === null ? `${formatAmount(vatFils)}\n${lineRate}%` : formatAmount(vatFils);
}

/** The status fact of a paid invoice: 'PAID on 07 Jan 2026' / 'مدفوعة في 07 يناير 2026'. */
export function paidOn(dates: Bilingual): Bilingual {
  const source = /*i18n*/ { id: "pdf.paidOn", message: "PAID on {date}" };
  return {
    en: translate(valued(source, { date: dates.en }), "en"),
    ar: translate(valued(source, { date: dates.ar }), "ar"),
  };
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** What paid: 'Card (Visa ending 4242)', 'Apple Pay (Visa ending 4242)' or the bare method, in `language`. */
function paymentMethod(
  payment: { paymentType: PaymentMethodType; cardBrand: string | null; cardLast4: string | null },
  language: Language,
): string {
  const cardSource = /*i18n*/ { id: "pdf.card", message: "Card" };
  const card = translate(cardSource, language);
  const method = payment.paymentType === "apple-pay" ? "Apple Pay" : card;
  if (!payment.cardLast4) return method;
  const brand = payment.cardBrand ? (brandNames[payment.cardBrand] ?? payment.cardBrand) : card;
  const ending = /*i18n*/ { id: "pdf.cardEnding", message: "{method} ({brand} ending {last4})" };
  return translate(valued(ending, { method, brand, last4: payment.cardLast4 }), language);
}

/** The receipt's sentence: 'Paid on 07 Jan 2026 by Card (Visa ending 4242)', and its Arabic. */
export function paidBy(
  dates: Bilingual,
  payment: { paymentType: PaymentMethodType; cardBrand: string | null; cardLast4: string | null },
): Bilingual {
  const source = /*i18n*/ { id: "pdf.paidBy", message: "Paid on {date} by {method}" };
  return {
    en: translate(valued(source, { date: dates.en, method: paymentMethod(payment, "en") }), "en"),
    ar: translate(valued(source, { date: dates.ar, method: paymentMethod(payment, "ar") }), "ar"),
  };
}

/**
 * The page number printed at the bottom of every page: 'Page 2 of 3' / 'صفحة 2 من 3'
 * (`n` counts from 1; `total` is the document's number of pages).
 */
export function pageOf(n: number, total: number): Bilingual {
  const source = /*i18n*/ { id: "pdf.pageOf", message: "Page {n} of {total}" };
  return both(valued(source, { n, total }));
}

/**
 * The footer: currency, VAT and card fee, and who issued the invoice; the VAT `rate` every
 * line carries, or (null) a note that each line's rate is printed under its VAT.
 */
export function footer(company: { name: string; trn: string }, vatRatePercent: number | null): Bilingual {
  const values = { company: company.name, trn: company.trn };
  if (vatRatePercent === null) {
    const source = /*i18n*/ {
      id: "pdf.footerMixedRates",
      message:
        "All amounts are in UAE dirhams (AED) with 2 decimals; VAT is charged per line at the rate printed under it. " +
        "Card payments carry a non-refundable fee of 1.5% of the total plus AED 1.00. " +
        "This tax invoice was issued electronically by {company} (TRN {trn}).",
    };
    return both(valued(source, values));
  }
  const source = /*i18n*/ {
    id: "pdf.footer",
    message:
      "All amounts are in UAE dirhams (AED) with 2 decimals; VAT is charged at {rate}% per line. " +
      "Card payments carry a non-refundable fee of 1.5% of the total plus AED 1.00. " +
      "This tax invoice was issued electronically by {company} (TRN {trn}).",
  };
  return both(valued(source, { ...values, rate: vatRatePercent }));
}

/** The document's properties (title first in the language asked for; subject in English). */
export function documentInfo(refNumber: string, paid: boolean, language: Language) {
  const title = both(fixed.taxInvoice);
  const receipt = /*i18n*/ { id: "pdf.info.receipt", message: "Receipt for invoice {refNumber}" };
  const invoice = /*i18n*/ { id: "pdf.info.invoice", message: "Invoice {refNumber}" };
  return {
    Title: language === "ar" ? `${title.ar} / ${title.en} ${refNumber}` : `${title.en} / ${title.ar} ${refNumber}`,
    Subject: translate(valued(paid ? receipt : invoice, { refNumber }), "en"),
  };
}
