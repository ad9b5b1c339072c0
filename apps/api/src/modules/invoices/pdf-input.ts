import type { InvoiceLine } from "@khayl/contract/invoice-lines";
import type { InvoiceStatus, PaymentMethodType } from "@khayl/contract/payment-values";
import type { Language } from "../../http/language.ts";
import type { InvoiceLabels } from "./pdf-labels.ts";
import type { Doc } from "./pdf-layout.ts";

/** What the tax invoice shows. Amounts in fils; instants as `Date` (printed in Asia/Dubai). */
export interface InvoicePdfInput {
  /**
   * The supplier: `name` is its registered name, which the footer gives as the issuer beside
   * its `trn` in both languages; `nameAr` and `addressAr` print under `name` and `address` at
   * the head of the first page (`nameAr` of every page), unless absent or the same text.
   */
  company: { name: string; nameAr?: string; address: string; addressAr?: string; trn: string };
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

/** One invoice being drawn: the document, what it shows, its labels, the language asked for. */
export interface Sheet {
  doc: Doc;
  input: InvoicePdfInput;
  labels: InvoiceLabels;
  language: Language;
  paid: boolean;
  /** The content box's left and right edges, in points. */
  left: number;
  right: number;
}
