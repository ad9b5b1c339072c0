import { retryAfterSeconds } from "@khayl/contract/envelope";
import {
  type confirmPaymentBodySchema,
  type createPaymentBodySchema,
  type InvoiceData,
  invoiceMessageIds,
  type PaymentIntentData,
  type sandboxConfirmBodySchema,
} from "@khayl/contract/invoices";
import { cardFeeFils, grossFils } from "@khayl/contract/money";
import { isOpenPaymentStatus } from "@khayl/contract/payment-values";
import type { z } from "zod";
import { HttpError } from "../../http/errors.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { invoiceNotFound, recordByLink, toInvoiceData } from "./invoice-view.ts";
import type { ProviderIntent } from "./payments/provider.ts";
import { confirmSandboxIntent } from "./payments/sandbox.ts";
import {
  findInvoiceById,
  findOpenPayment,
  findPayment,
  insertPayment,
  type PaymentRow,
  paymentCounts,
  setPaymentMethod,
  updatePaymentStatus,
} from "./repository.ts";
import { type InvoiceDeps, matchesInvoice, settle } from "./settlement.ts";

/**
 * Paying an invoice by its link (product §4 payment steps, architecture §3.4 and §3.8): the
 * server creates the provider intent for the amount it computed, the browser confirms it
 * with the provider (Stripe.js, or the sandbox's confirmation call below), and the server
 * then retrieves the intent and decides "paid".
 */

/** Sandbox confirmations per intent: 10 per hour (card-testing protection on top of the per-client limit). */
export const SANDBOX_CONFIRMS_PER_INTENT = { max: 10, windowMs: 60 * 60_000 };
/**
 * New payment intents per invoice per day: 5, counted as the invoice's payments made in the
 * last 24 h (`paymentCounts`), so concurrent first calls that converge on one count once.
 * With Stripe's failures per intent (`FAILED_CARDS_PER_PAYMENT`), what one invoice link
 * lets a card tester try is bounded.
 */
const NEW_PAYMENTS_PER_INVOICE_DAY = { max: 5, windowMs: 24 * 3_600_000 };

function intentData(deps: InvoiceDeps, payment: PaymentRow, intent: ProviderIntent): PaymentIntentData {
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    provider: deps.provider.name,
    publishableKey: deps.provider.publishableKey,
    currency: "aed",
    totalFils: payment.amountFils - payment.feeFils,
    feeFils: payment.feeFils,
    amountFils: payment.amountFils,
  };
}

function alreadyPaid(): HttpError {
  return new HttpError(409, invoiceMessageIds.alreadyPaid);
}

/**
 * 409 'The amount of this invoice changed while you were paying, …': the payment was charged
 * for the invoice's earlier gross; it did not pay the invoice and is to be refunded.
 */
function amountChanged(): HttpError {
  return new HttpError(409, invoiceMessageIds.amountChanged);
}

/** 409 'The payment does not match this invoice', logged: an intent that must never pay this invoice. */
function mismatch(deps: InvoiceDeps, invoiceId: number, intent: ProviderIntent): HttpError {
  deps.log?.warn({ invoiceId, paymentIntentId: intent.id }, "payment intent does not match its invoice");
  return new HttpError(409, invoiceMessageIds.paymentMismatch);
}

/**
 * `POST /invoices-v2/create-payment-by-link` (extension, architecture §3.4/§3.8): the payment
 * intent the browser confirms, for the gross amount in fils computed here (total + 1.5 %
 * + AED 1.00); the browser never sends an amount. Idempotent: while the invoice has an
 * open payment, every call (retry, double click, other tab) answers that same intent;
 * concurrent first calls share one provider idempotency key and one payment row (unique
 * indexes), so only one intent exists. An open intent for another amount than today's
 * gross is canceled at the provider first; one charged meanwhile pays the invoice only
 * if its amount is still the invoice's gross (`markInvoicePaid`), else it is recorded as a
 * charge to refund and a new intent is made for today's gross. A new intent is made only
 * after reading the invoice still unpaid once no payment is open (the last one may just
 * have paid it). 409 when the invoice is paid (or an intent of it is being processed), 404
 * when unknown.
 */
export async function createPaymentByLink(
  deps: InvoiceDeps,
  body: z.output<typeof createPaymentBodySchema>,
): Promise<PaymentIntentData> {
  const record = await recordByLink(deps, body.hash);
  const { invoice } = record;
  if (invoice.status === "paid") throw alreadyPaid();
  const feeFils = cardFeeFils(invoice.totalFils);
  const amountFils = grossFils(invoice.totalFils);

  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await findOpenPayment(deps.db, invoice.id);
    if (open) {
      let intent = await deps.provider.retrieveIntent(open.providerPaymentId);
      if (intent && isOpenPaymentStatus(intent.status)) {
        if (intent.amountFils === amountFils && open.amountFils === amountFils) {
          if (open.paymentMethod !== body.paymentMethod) await setPaymentMethod(deps.db, open.id, body.paymentMethod);
          return intentData(deps, open, intent);
        }
        // Asked for another amount than the invoice's gross now (its total or the fee rule
        // changed): cancel it at the provider, so its secret can pay nothing, and start anew.
        intent = await deps.provider.cancelIntent(open.providerPaymentId);
      }
      if (intent?.status === "succeeded") {
        // Paid at the provider but never confirmed here (e.g. the tab closed): record it now,
        // by the same checks as a confirmation.
        if (!matchesInvoice(intent, invoice.id, open)) throw mismatch(deps, invoice.id, intent);
        // Charged for an amount the invoice no longer has: recorded to refund, and the
        // invoice, still unpaid, gets an intent for its gross today on the next pass.
        if ((await settle(deps, invoice.id, open, intent)) === "amount-changed") continue;
        throw alreadyPaid();
      }
      if (intent && isOpenPaymentStatus(intent.status))
        // The provider would not cancel it (it is being processed): the customer waits for it.
        throw new HttpError(409, invoiceMessageIds.paymentBeingPrepared);
      await updatePaymentStatus(deps.db, open.id, intent?.status ?? "canceled", intent?.lastErrorMessage ?? null);
      continue;
    }
    // No open payment: the one there was may have paid the invoice since `recordByLink` read
    // it (another tab, the webhook). A new intent now would be a second charge.
    if ((await findInvoiceById(deps.db, invoice.id))?.invoice.status !== "unpaid") throw alreadyPaid();
    const window = NEW_PAYMENTS_PER_INVOICE_DAY.windowMs;
    const counts = await paymentCounts(deps.db, invoice.id, new Date(Date.now() - window));
    if (counts.recent >= NEW_PAYMENTS_PER_INVOICE_DAY.max)
      throw new HttpError(429, invoiceMessageIds.tooManyAttempts, {
        "retry-after": String(retryAfterSeconds((counts.firstRecent?.getTime() ?? Date.now()) + window - Date.now())),
      });
    const number = counts.total + 1;
    // Deterministic, so concurrent first calls converge on one intent; the digest of the
    // invoice's random link token (never the token: the stored SHA-256, cut) keeps it
    // unique across databases that share one Stripe account (staging and production, a
    // re-seeded demo).
    const tokenDigest = invoice.linkTokenHash.slice(0, 24);
    const idempotencyKey = `invoice:${invoice.id}:${tokenDigest}:payment:${number}`;
    const intent = await deps.provider.createIntent({
      amountFils,
      currency: "aed",
      idempotencyKey,
      metadata: {
        invoiceId: String(invoice.id),
        refNumber: invoice.refNumber,
        userId: String(record.customer?.id ?? ""),
      },
      description: `Invoice ${invoice.refNumber}`,
      receiptEmail: record.customer?.email ?? null,
    });
    const payment = await insertPayment(deps.db, {
      invoiceId: invoice.id,
      provider: deps.provider.name,
      providerPaymentId: intent.id,
      idempotencyKey,
      paymentMethod: body.paymentMethod,
      amountFils,
      feeFils,
      status: intent.status,
    });
    if (payment && payment.providerPaymentId === intent.id) return intentData(deps, payment, intent);
    // Another request opened a different payment first: answer that one on the next pass.
  }
  throw new HttpError(409, invoiceMessageIds.paymentBeingPrepared);
}

/**
 * `POST /invoices-v2/confirm-payment-by-link` (extension): the server, not the browser,
 * decides the invoice is paid: it retrieves the intent from the provider and requires
 * status `succeeded`, this invoice's id in its metadata and the amount it asked for, and
 * that amount is still the invoice's gross (architecture §3.8). Idempotent: confirming the
 * paying intent again answers the paid invoice. 402 'Payment was not successful' when the
 * provider has not charged; 409 when another payment paid the invoice or the intent does
 * not match; 409 'The amount of this invoice changed while you were paying, …' when it was
 * charged for an amount the invoice no longer has (the total changed while the customer
 * paid: the invoice stays unpaid, with its new amount, and the charge is recorded and
 * logged to refund); 404 for an unknown link or intent.
 */
export async function confirmPaymentByLink(
  deps: InvoiceDeps,
  body: z.output<typeof confirmPaymentBodySchema>,
): Promise<InvoiceData> {
  const record = await recordByLink(deps, body.hash);
  const payment = await findPayment(deps.db, record.invoice.id, body.paymentIntentId);
  if (!payment) throw new HttpError(404, invoiceMessageIds.paymentNotFound);
  if (record.invoice.status === "paid" && record.payment?.id === payment.id)
    return toInvoiceData(record, deps.provider);
  // Already settled as a charge of an earlier amount (by `recordByLink` just now, or before).
  if (payment.unappliedReason === "amount-changed") throw amountChanged();
  if (record.invoice.status === "paid") {
    // Another payment paid it. Were this one charged too, `settle` records it as a second
    // charge (to refund by hand) and the invoice is unchanged; either way the answer is 409.
    const intent = await deps.provider.retrieveIntent(payment.providerPaymentId).catch(() => null);
    if (intent?.status === "succeeded" && matchesInvoice(intent, record.invoice.id, payment))
      await settle(deps, record.invoice.id, payment, intent);
    throw alreadyPaid();
  }
  const intent = await deps.provider.retrieveIntent(payment.providerPaymentId);
  if (!intent) throw new HttpError(404, invoiceMessageIds.paymentNotFound);
  if (!matchesInvoice(intent, record.invoice.id, payment)) throw mismatch(deps, record.invoice.id, intent);
  if (intent.status !== "succeeded") {
    await updatePaymentStatus(deps.db, payment.id, intent.status, intent.lastErrorMessage);
    throw new HttpError(402, invoiceMessageIds.paymentNotSuccessful);
  }
  const outcome = await settle(deps, record.invoice.id, payment, intent);
  if (outcome === "other") throw alreadyPaid();
  if (outcome === "amount-changed") throw amountChanged();
  const fresh = await findInvoiceById(deps.db, record.invoice.id);
  if (!fresh) throw invoiceNotFound();
  return toInvoiceData(fresh, deps.provider);
}

/**
 * `POST /invoices-v2/sandbox-confirm-payment` (extension, sandbox provider only): the
 * sandbox's stand-in for Stripe confirming an intent. 404 when Stripe is configured;
 * 429 after `SANDBOX_CONFIRMS_PER_INTENT` attempts on one intent; see `confirmSandboxIntent`.
 */
export async function sandboxConfirmPayment(deps: InvoiceDeps, body: z.output<typeof sandboxConfirmBodySchema>) {
  if (deps.provider.name !== "sandbox") throw new HttpError(404, invoiceMessageIds.sandboxOff);
  const limit = await consumeRateLimit(deps.db, `sandbox-confirm:${body.paymentIntentId}`, SANDBOX_CONFIRMS_PER_INTENT);
  if (!limit.allowed)
    throw new HttpError(429, invoiceMessageIds.tooManyAttempts, {
      "retry-after": String(retryAfterSeconds(limit.retryAfterMs)),
    });
  return confirmSandboxIntent(deps.db, deps.hasher, body);
}
