import { type InvoiceData, invoiceMessageIds } from "@khayl/contract/invoices";
import { cardFeeFils, filsToDirhams, grossFils } from "@khayl/contract/money";
import { isOpenPaymentStatus } from "@khayl/contract/payment-values";
import { HttpError } from "../../http/errors.ts";
import type { Language } from "../../http/language.ts";
import { dueDisplayOf } from "./due-display.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { renderInvoicePdf } from "./pdf.ts";
import {
  findInvoiceByToken,
  findOpenPayment,
  type InvoiceRecord,
  type PaymentRow,
  updatePaymentStatus,
} from "./repository.ts";
import { type InvoiceDeps, matchesInvoice, settle } from "./settlement.ts";

/**
 * The invoice as a link shows it (product §3 Invoice, §4 Invoice page, §7): the lookup by
 * link token, its wire view with the fee computed here, and its PDF.
 */

/** 404 'Invoice not found'. */
export function invoiceNotFound(): HttpError {
  return new HttpError(404, invoiceMessageIds.notFound);
}

/**
 * The wire view of an invoice (product §3 fields plus status, fee and gross computed here
 * with architecture §3.4's rule; dirhams beside fils). Dates are ISO-8601 UTC.
 */
export function toInvoiceData(
  record: InvoiceRecord,
  provider: PaymentProvider,
  language: Language = "en",
): InvoiceData {
  const { invoice, customer, payment } = record;
  const feeFils = cardFeeFils(invoice.totalFils);
  const paid = invoice.status === "paid";
  return {
    id: invoice.id,
    refNumber: invoice.refNumber,
    total: filsToDirhams(invoice.totalFils),
    dueDate: invoice.dueDate.toISOString(),
    dueDisplay: dueDisplayOf(invoice, new Date(), language),
    user: customer,
    status: invoice.status,
    currency: "AED",
    totalFils: invoice.totalFils,
    feeFils,
    fee: filsToDirhams(feeFils),
    grossFils: grossFils(invoice.totalFils),
    gross: filsToDirhams(grossFils(invoice.totalFils)),
    paidAt: paid && invoice.paidAt ? invoice.paidAt.toISOString() : null,
    paymentType: paid ? (payment?.paymentMethod ?? null) : null,
    cardBrand: paid ? (payment?.cardBrand ?? null) : null,
    cardLast4: paid ? (payment?.cardLast4 ?? null) : null,
    paidFeeFils: paid ? (payment?.feeFils ?? null) : null,
    paidAmountFils: paid ? (payment?.amountFils ?? null) : null,
    paymentProvider: provider.name,
    testMode: provider.testMode,
  };
}

/**
 * How often, at most, showing an invoice asks the provider about its open payment, per
 * process (ms): a link's holder reloading the page or the PDF in a loop spends at most one
 * provider call in this time, not one per request (Stripe's rate limit is the company's
 * whole account's).
 */
const PROVIDER_CHECK_INTERVAL_MS = 10_000;

/**
 * The invoice of a link token (404 when unknown). An invoice with an open payment is first
 * checked with the provider. When unpaid, a payment that succeeded there but was never
 * confirmed here (the tab closed, the network dropped, no webhook) is settled now, so a
 * revisit shows the invoice paid; one charged for an amount the invoice no longer has is
 * recorded as a charge to refund and the invoice shows unpaid, with its new amount
 * (`markInvoicePaid`). When paid (by another payment, or marked paid by whatever issues the
 * invoices), the open payment is canceled at the provider, so its client secret can pay
 * nothing more (`closeOpenPayment`). A provider that cannot be reached leaves it as it is.
 * With `viewOnly` (showing the invoice or its PDF, not paying), the provider is asked
 * about one payment at most once per `PROVIDER_CHECK_INTERVAL_MS` in this process
 * (`deps.providerChecks`); the payment calls always ask.
 */
export async function recordByLink(deps: InvoiceDeps, hash: string, { viewOnly = false } = {}): Promise<InvoiceRecord> {
  const record = await findInvoiceByToken(deps.db, hash);
  if (!record) throw invoiceNotFound();
  const open = await findOpenPayment(deps.db, record.invoice.id);
  if (!open) return record;
  if (viewOnly && deps.providerChecks) {
    const now = Date.now();
    const last = deps.providerChecks.get(open.providerPaymentId);
    if (last !== undefined && now - last < PROVIDER_CHECK_INTERVAL_MS) return record;
    deps.providerChecks.set(open.providerPaymentId, now);
  }
  if (record.invoice.status === "paid") {
    // Showing a paid invoice never fails for it: the next look tries again.
    await closeOpenPayment(deps, record.invoice.id, open).catch((err: unknown) =>
      deps.log?.warn({ err, invoiceId: record.invoice.id }, "could not cancel the open payment of a paid invoice"),
    );
    return record;
  }
  const intent = await deps.provider.retrieveIntent(open.providerPaymentId).catch(() => null);
  if (intent?.status !== "succeeded" || !matchesInvoice(intent, record.invoice.id, open)) return record;
  await settle(deps, record.invoice.id, open, intent);
  return (await findInvoiceByToken(deps.db, hash)) ?? record;
}

/**
 * Closes the open `payment` of a paid invoice: cancels its intent at the provider, so its
 * client secret pays nothing, and records the status the provider answers. An intent that
 * was charged first is settled, which records it as a second charge to refund
 * (`markInvoicePaid`'s 'other'); one the provider does not know is recorded canceled. Throws
 * `ProviderUnavailableError` when the provider cannot be reached (the payment stays open).
 */
async function closeOpenPayment(deps: InvoiceDeps, invoiceId: number, payment: PaymentRow): Promise<void> {
  const intent = await deps.provider.cancelIntent(payment.providerPaymentId);
  if (intent?.status === "succeeded") {
    if (matchesInvoice(intent, invoiceId, payment)) await settle(deps, invoiceId, payment, intent);
    else deps.log?.warn({ invoiceId, paymentIntentId: intent.id }, "payment intent does not match its invoice");
    return;
  }
  await updatePaymentStatus(deps.db, payment.id, intent?.status ?? "canceled", intent?.lastErrorMessage ?? null);
  if (intent && !isOpenPaymentStatus(intent.status))
    deps.log?.info({ invoiceId, paymentId: payment.id }, "open payment of a paid invoice canceled");
}

/** `POST /invoices-v2/get-invoice-by-link` (product §7): the invoice of a link token; 404 when unknown. */
export async function getInvoiceByLink(
  deps: InvoiceDeps,
  hash: string,
  language: Language = "en",
): Promise<InvoiceData> {
  return toInvoiceData(await recordByLink(deps, hash, { viewOnly: true }), deps.provider, language);
}

/**
 * `POST /invoices-v2/print-pdf-by-link` (product §7): the tax invoice PDF of a link token
 * (a receipt marked PAID once paid) and its reference, for the file name. 404 when unknown.
 * The PDF is in English and Arabic whatever `language` (decision 018); the request's
 * language only comes first in the title and tags the document.
 */
export async function printInvoicePdfByLink(
  deps: InvoiceDeps,
  hash: string,
  language: Language = "en",
): Promise<{ pdf: Buffer; refNumber: string }> {
  const { invoice, customer, payment } = await recordByLink(deps, hash, { viewOnly: true });
  const paid = invoice.status === "paid";
  const pdf = await renderInvoicePdf(
    {
      company: {
        name: deps.env.COMPANY_NAME,
        nameAr: deps.env.COMPANY_NAME_AR,
        address: deps.env.COMPANY_ADDRESS,
        addressAr: deps.env.COMPANY_ADDRESS_AR,
        trn: deps.env.COMPANY_TRN,
      },
      invoice: {
        refNumber: invoice.refNumber,
        issueDate: invoice.createdAt,
        dueDate: invoice.dueDate,
        lines: invoice.lines,
        totalFils: invoice.totalFils,
        status: invoice.status,
        paidAt: invoice.paidAt,
      },
      customer,
      payment:
        paid && payment
          ? {
              paymentType: payment.paymentMethod,
              cardBrand: payment.cardBrand,
              cardLast4: payment.cardLast4,
              feeFils: payment.feeFils,
              amountFils: payment.amountFils,
            }
          : null,
    },
    { language },
  );
  return { pdf, refNumber: invoice.refNumber };
}
