import { createHash } from "node:crypto";
import type { Env } from "@khayl/config/env";
import {
  type confirmPaymentBodySchema,
  type createPaymentBodySchema,
  type InvoiceData,
  invoiceMessages,
  type PaymentIntentData,
  type PaymentMethodType,
  type sandboxConfirmBodySchema,
  stripePaymentIntentEventObjectSchema,
  stripeWebhookEventSchema,
} from "@khayl/contract/invoices";
import { cardFeeFils, filsToDirhams, grossFils } from "@khayl/contract/money";
import type { Db } from "@khayl/db/client";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { HttpError } from "../../http/errors.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { dueDisplayOf } from "./due-display.ts";
import { OPEN_INTENT_STATUSES, type PaymentProvider, type ProviderIntent } from "./payments/provider.ts";
import { confirmSandboxIntent } from "./payments/sandbox.ts";
import { verifyStripeWebhook } from "./payments/stripe.ts";
import { renderInvoicePdf } from "./pdf.ts";
import {
  countPayments,
  findInvoiceById,
  findInvoiceByToken,
  findOpenPayment,
  findPayment,
  findPaymentByProviderId,
  type InvoiceRecord,
  insertPayment,
  markInvoicePaid,
  type PaymentRow,
  recordWebhookEvent,
  setPaymentMethod,
  updatePaymentStatus,
} from "./repository.ts";

/** What the invoice service needs: the database, the configuration and the payment provider. */
export interface InvoiceDeps {
  db: Db;
  env: Env;
  provider: PaymentProvider;
  log?: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

/** Sandbox confirmations per intent: 10 per hour (card-testing protection on top of the per-client limit). */
export const SANDBOX_CONFIRMS_PER_INTENT = { max: 10, windowMs: 60 * 60_000 };

function notFound(): HttpError {
  return new HttpError(404, invoiceMessages.notFound);
}

function paymentTypeOf(payment: PaymentRow | null): PaymentMethodType | null {
  if (!payment) return null;
  return payment.paymentMethod === "apple-pay" ? "apple-pay" : "card";
}

/**
 * The wire view of an invoice (product §3 fields plus status, fee and gross computed here
 * with architecture §3.4's rule; dirhams beside fils). Dates are ISO-8601 UTC.
 */
export function toInvoiceData(record: InvoiceRecord, provider: PaymentProvider): InvoiceData {
  const { invoice, customer, payment } = record;
  const feeFils = cardFeeFils(invoice.totalFils);
  const paid = invoice.status === "paid";
  return {
    id: invoice.id,
    refNumber: invoice.refNumber,
    total: filsToDirhams(invoice.totalFils),
    dueDate: invoice.dueDate.toISOString(),
    dueDisplay: dueDisplayOf(invoice),
    user: customer,
    status: paid ? "paid" : "unpaid",
    currency: "AED",
    totalFils: invoice.totalFils,
    feeFils,
    fee: filsToDirhams(feeFils),
    grossFils: grossFils(invoice.totalFils),
    gross: filsToDirhams(grossFils(invoice.totalFils)),
    paidAt: paid && invoice.paidAt ? invoice.paidAt.toISOString() : null,
    paymentType: paid ? paymentTypeOf(payment) : null,
    cardBrand: paid ? (payment?.cardBrand ?? null) : null,
    cardLast4: paid ? (payment?.cardLast4 ?? null) : null,
    paidFeeFils: paid ? (payment?.feeFils ?? null) : null,
    paidAmountFils: paid ? (payment?.amountFils ?? null) : null,
    paymentProvider: provider.name,
    testMode: provider.testMode,
  };
}

/**
 * The invoice of a link token (404 when unknown). An unpaid invoice with an open payment
 * is first checked with the provider: a payment that succeeded there but was never
 * confirmed here (the tab closed, the network dropped, no webhook) is settled now, so a
 * revisit shows the invoice paid. A provider that cannot be reached leaves it as it is.
 */
async function recordByLink(deps: InvoiceDeps, hash: string): Promise<InvoiceRecord> {
  const record = await findInvoiceByToken(deps.db, hash);
  if (!record) throw notFound();
  if (record.invoice.status === "paid") return record;
  const open = await findOpenPayment(deps.db, record.invoice.id);
  if (!open) return record;
  const intent = await deps.provider.retrieveIntent(open.providerPaymentId).catch(() => null);
  if (intent?.status !== "succeeded" || !matchesInvoice(intent, record.invoice.id, open)) return record;
  await settle(deps, record.invoice.id, open, intent);
  return (await findInvoiceByToken(deps.db, hash)) ?? record;
}

/** `POST /invoices-v2/get-invoice-by-link` (product §7): the invoice of a link token; 404 when unknown. */
export async function getInvoiceByLink(deps: InvoiceDeps, hash: string): Promise<InvoiceData> {
  return toInvoiceData(await recordByLink(deps, hash), deps.provider);
}

/**
 * `POST /invoices-v2/print-pdf-by-link` (product §7): the tax invoice PDF of a link token
 * (a receipt marked PAID once paid) and its reference, for the file name. 404 when unknown.
 */
export async function printInvoicePdfByLink(
  deps: InvoiceDeps,
  hash: string,
): Promise<{ pdf: Buffer; refNumber: string }> {
  const { invoice, customer, payment } = await recordByLink(deps, hash);
  const paid = invoice.status === "paid";
  const pdf = await renderInvoicePdf({
    company: { name: deps.env.COMPANY_NAME, address: deps.env.COMPANY_ADDRESS, trn: deps.env.COMPANY_TRN },
    invoice: {
      refNumber: invoice.refNumber,
      issueDate: invoice.createdAt,
      dueDate: invoice.dueDate,
      lines: invoice.lines,
      totalFils: invoice.totalFils,
      status: paid ? "paid" : "unpaid",
      paidAt: invoice.paidAt,
    },
    customer,
    payment:
      paid && payment
        ? {
            paymentType: paymentTypeOf(payment) ?? "card",
            cardBrand: payment.cardBrand,
            cardLast4: payment.cardLast4,
            feeFils: payment.feeFils,
            amountFils: payment.amountFils,
          }
        : null,
  });
  return { pdf, refNumber: invoice.refNumber };
}

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
  return new HttpError(409, invoiceMessages.alreadyPaid);
}

/**
 * `POST /invoices-v2/create-payment-by-link` (extension, architecture §3.4/§3.8): the payment
 * intent the browser confirms, for the gross amount in fils computed here (total + 1.5 %
 * + AED 1.00); the browser never sends an amount. Idempotent: while the invoice has an
 * open payment, every call (retry, double click, other tab) answers that same intent;
 * concurrent first calls share one provider idempotency key and one payment row (unique
 * indexes), so only one intent exists. 409 when the invoice is paid, 404 when unknown.
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
      const intent = await deps.provider.retrieveIntent(open.providerPaymentId);
      if (
        intent &&
        OPEN_INTENT_STATUSES.includes(intent.status) &&
        intent.amountFils === amountFils &&
        open.amountFils === amountFils
      ) {
        if (open.paymentMethod !== body.paymentMethod) await setPaymentMethod(deps.db, open.id, body.paymentMethod);
        return intentData(deps, open, intent);
      }
      if (intent?.status === "succeeded") {
        // Paid at the provider but never confirmed here (e.g. the tab closed): record it now.
        await settle(deps, invoice.id, open, intent);
        throw alreadyPaid();
      }
      await updatePaymentStatus(deps.db, open.id, intent?.status ?? "canceled", intent?.lastErrorMessage ?? null);
      continue;
    }
    const number = (await countPayments(deps.db, invoice.id)) + 1;
    // Deterministic, so concurrent first calls converge on one intent; the digest of the
    // invoice's random link token (never the token) keeps it unique across databases
    // that share one Stripe account (staging and production, a re-seeded demo).
    const idempotencyKey = `invoice:${invoice.id}:${createHash("sha256").update(invoice.linkToken).digest("hex").slice(0, 24)}:payment:${number}`;
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
  throw new HttpError(409, "The payment is being prepared in another window. Please try again.");
}

/** Marks the invoice paid by `payment` after the provider reported `intent` succeeded. */
async function settle(
  deps: InvoiceDeps,
  invoiceId: number,
  payment: PaymentRow,
  intent: ProviderIntent,
): Promise<"marked" | "already" | "other"> {
  const details = {
    paymentMethod: intent.card?.wallet === "apple_pay" ? "apple-pay" : payment.paymentMethod,
    cardBrand: intent.card?.brand ?? null,
    cardLast4: intent.card?.last4 ?? null,
  };
  const outcome = await deps.db.transaction((tx) => markInvoicePaid(tx, invoiceId, payment.id, details));
  if (outcome === "marked")
    deps.log?.info({ invoiceId, paymentId: payment.id, amountFils: payment.amountFils }, "invoice paid");
  if (outcome === "other")
    deps.log?.error({ invoiceId, paymentId: payment.id }, "a second payment succeeded for a paid invoice");
  return outcome;
}

function matchesInvoice(intent: ProviderIntent, invoiceId: number, payment: PaymentRow): boolean {
  return (
    intent.metadata.invoiceId === String(invoiceId) &&
    intent.amountFils === payment.amountFils &&
    intent.currency.toLowerCase() === "aed"
  );
}

/**
 * `POST /invoices-v2/confirm-payment-by-link` (extension): the server, not the browser,
 * decides the invoice is paid: it retrieves the intent from the provider and requires
 * status `succeeded`, this invoice's id in its metadata and the amount it asked for.
 * Idempotent: confirming the paying intent again answers the paid invoice. 402 'Payment
 * was not successful' when the provider has not charged; 409 when another payment paid
 * the invoice or the intent does not match; 404 for an unknown link or intent.
 */
export async function confirmPaymentByLink(
  deps: InvoiceDeps,
  body: z.output<typeof confirmPaymentBodySchema>,
): Promise<InvoiceData> {
  const record = await recordByLink(deps, body.hash);
  const payment = await findPayment(deps.db, record.invoice.id, body.paymentIntentId);
  if (!payment) throw new HttpError(404, invoiceMessages.paymentNotFound);
  if (record.invoice.status === "paid") {
    if (record.payment?.id === payment.id) return toInvoiceData(record, deps.provider);
    throw alreadyPaid();
  }
  const intent = await deps.provider.retrieveIntent(payment.providerPaymentId);
  if (!intent) throw new HttpError(404, invoiceMessages.paymentNotFound);
  if (!matchesInvoice(intent, record.invoice.id, payment)) {
    deps.log?.warn(
      { invoiceId: record.invoice.id, paymentIntentId: intent.id },
      "payment intent does not match its invoice",
    );
    throw new HttpError(409, invoiceMessages.paymentMismatch);
  }
  if (intent.status !== "succeeded") {
    await updatePaymentStatus(deps.db, payment.id, intent.status, intent.lastErrorMessage);
    throw new HttpError(402, invoiceMessages.paymentNotSuccessful);
  }
  const outcome = await settle(deps, record.invoice.id, payment, intent);
  if (outcome === "other") throw alreadyPaid();
  const fresh = await findInvoiceById(deps.db, record.invoice.id);
  if (!fresh) throw notFound();
  return toInvoiceData(fresh, deps.provider);
}

/**
 * `POST /invoices-v2/sandbox-confirm-payment` (extension, sandbox provider only): the
 * sandbox's stand-in for Stripe confirming an intent. 404 when Stripe is configured;
 * 429 after `SANDBOX_CONFIRMS_PER_INTENT` attempts on one intent; see `confirmSandboxIntent`.
 */
export async function sandboxConfirmPayment(deps: InvoiceDeps, body: z.output<typeof sandboxConfirmBodySchema>) {
  if (deps.provider.name !== "sandbox") throw new HttpError(404, invoiceMessages.sandboxOff);
  const limit = await consumeRateLimit(deps.db, `sandbox-confirm:${body.paymentIntentId}`, SANDBOX_CONFIRMS_PER_INTENT);
  if (!limit.allowed) throw new HttpError(429, invoiceMessages.tooManyAttempts);
  return confirmSandboxIntent(deps.db, body);
}

/**
 * `POST /invoices-v2/stripe-webhook` (extension, conventions §11): verifies the signature on
 * the raw body (400 when it does not match; 404 when no webhook secret is configured),
 * parses the fields it uses with zod, and handles each event id once (the id is recorded
 * in `webhook_events` in the same transaction as its effect). `payment_intent.succeeded`
 * marks the invoice paid after the same checks as a confirmation;
 * `payment_intent.payment_failed` / `.canceled` record the status on the payment.
 */
export async function handleStripeWebhook(
  deps: InvoiceDeps,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = deps.env.STRIPE_WEBHOOK_SECRET;
  if (deps.provider.name !== "stripe" || !secret) throw new HttpError(404, invoiceMessages.webhookNotConfigured);
  if (!rawBody || !signature) throw new HttpError(400, invoiceMessages.webhookSignature);
  let verified: unknown;
  try {
    verified = verifyStripeWebhook(deps.env, rawBody, signature, secret);
  } catch {
    throw new HttpError(400, invoiceMessages.webhookSignature);
  }
  const event = stripeWebhookEventSchema.parse(verified);
  const isIntentEvent = event.type.startsWith("payment_intent.");
  const intentObject = isIntentEvent ? stripePaymentIntentEventObjectSchema.safeParse(event.data.object) : undefined;
  const payment = intentObject?.success ? await findPaymentByProviderId(deps.db, intentObject.data.id) : undefined;

  // The card details are on the charge; fetch them before the transaction (no network inside it).
  let intent: ProviderIntent | null = null;
  if (payment && intentObject?.success && event.type === "payment_intent.succeeded") {
    intent = await deps.provider.retrieveIntent(intentObject.data.id).catch(() => null);
    const o = intentObject.data;
    intent ??= {
      id: o.id,
      clientSecret: "",
      status: "succeeded",
      amountFils: o.amount,
      currency: o.currency,
      metadata: o.metadata,
      card: null,
      lastErrorMessage: null,
    };
  }

  let duplicate = false;
  await deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, event.id, event.type))) {
      duplicate = true;
      return;
    }
    if (!payment || !intentObject?.success) return;
    const o = intentObject.data;
    if (event.type === "payment_intent.succeeded" && intent) {
      if (
        o.status !== "succeeded" ||
        !matchesInvoice(
          { ...intent, amountFils: o.amount, metadata: o.metadata, currency: o.currency },
          payment.invoiceId,
          payment,
        )
      ) {
        deps.log?.warn({ eventId: event.id, paymentIntentId: o.id }, "webhook intent does not match its invoice");
        return;
      }
      const outcome = await markInvoicePaid(tx, payment.invoiceId, payment.id, {
        paymentMethod: intent.card?.wallet === "apple_pay" ? "apple-pay" : payment.paymentMethod,
        cardBrand: intent.card?.brand ?? null,
        cardLast4: intent.card?.last4 ?? null,
      });
      if (outcome === "other")
        deps.log?.error(
          { eventId: event.id, invoiceId: payment.invoiceId },
          "a second payment succeeded for a paid invoice",
        );
    } else if (event.type === "payment_intent.payment_failed") {
      await updatePaymentStatus(tx, payment.id, "requires_payment_method", o.last_payment_error?.message ?? null);
    } else if (event.type === "payment_intent.canceled") {
      await updatePaymentStatus(tx, payment.id, "canceled", null);
    }
  });
  return { received: true, duplicate };
}
