import {
  invoiceMessageIds,
  stripePaymentIntentEventObjectSchema,
  stripeWebhookEventSchema,
} from "@khayl/contract/invoices";
import { HttpError } from "../../http/errors.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import type { ProviderIntent } from "./payments/provider.ts";
import { verifyStripeWebhook } from "./payments/stripe.ts";
import {
  findPaymentByProviderId,
  markInvoicePaid,
  recordWebhookEvent,
  type Settlement,
  updatePaymentStatus,
} from "./repository.ts";
import { type InvoiceDeps, logSettlement, matchesInvoice, paidDetails } from "./settlement.ts";

/**
 * Failed confirmations one payment may have in a day (architecture §3.8): Stripe.js confirms
 * in the browser with the intent's client secret, so a card tester holding an invoice link
 * talks to Stripe, never to this server; past this many failures the intent is canceled
 * and its secret pays nothing. A customer asking to pay again gets a new intent, within
 * `NEW_PAYMENTS_PER_INVOICE_DAY`.
 */
const FAILED_CARDS_PER_PAYMENT = { max: 10, windowMs: 24 * 3_600_000 };

/**
 * The secret Stripe signs this site's webhook events with (`STRIPE_WEBHOOK_SECRET`). Throws
 * a 404 `HttpError` 'Stripe webhooks are not configured' when the provider is not Stripe or
 * no secret is set (product §7: the webhook is off). The route asks before it reads the
 * body, so an off webhook answers 404 whatever it is sent.
 */
export function stripeWebhookSecret(deps: Pick<InvoiceDeps, "env" | "provider">): string {
  const secret = deps.env.STRIPE_WEBHOOK_SECRET;
  if (deps.provider.name !== "stripe" || !secret) throw new HttpError(404, invoiceMessageIds.webhookNotConfigured);
  return secret;
}

/**
 * The event Stripe sent, read from the webhook's raw body once its `Stripe-Signature` header
 * matches it under the configured secret (`stripeWebhookSecret`). Throws a 400 `HttpError`
 * 'Invalid webhook signature' when the header or the body is missing or the signature does
 * not match (a forged, replayed or altered event), a 404 when the webhook is off. The route
 * asks this before the body is validated, so an unsigned body learns nothing of the schema.
 */
export function verifiedWebhookEvent(
  deps: Pick<InvoiceDeps, "env" | "provider">,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): unknown {
  const secret = stripeWebhookSecret(deps);
  if (!rawBody || !signature) throw new HttpError(400, invoiceMessageIds.webhookSignature);
  try {
    return verifyStripeWebhook(deps.env, rawBody, signature, secret);
  } catch {
    throw new HttpError(400, invoiceMessageIds.webhookSignature);
  }
}

/**
 * `POST /invoices-v2/stripe-webhook` (extension, conventions §11): takes the event as
 * `verifiedWebhookEvent` read it (the signature on the raw body checked), parses the fields it
 * uses with zod, and handles each event id once (the id is recorded
 * in `webhook_events` in the same transaction as its effect). `payment_intent.succeeded`
 * marks the invoice paid after the same checks as a confirmation (a charge of an amount the
 * invoice no longer has, or of an invoice already paid, is recorded and logged to refund);
 * `payment_intent.payment_failed` / `.canceled` record the status on the payment. Past
 * `FAILED_CARDS_PER_PAYMENT` failures of one payment, its intent is canceled at Stripe
 * (card testing with its client secret, which never passes through this server).
 */
export async function handleStripeWebhook(
  deps: InvoiceDeps,
  verified: unknown,
): Promise<{ received: true; duplicate: boolean }> {
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
  let cancel = false;
  let settlement: Settlement | undefined;
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
      settlement = await markInvoicePaid(tx, payment.invoiceId, payment, paidDetails(intent, payment));
    } else if (event.type === "payment_intent.payment_failed") {
      await updatePaymentStatus(tx, payment.id, "requires_payment_method", o.last_payment_error?.message ?? null);
      cancel = !(await consumeRateLimit(tx, `payment-failures:${payment.id}`, FAILED_CARDS_PER_PAYMENT)).allowed;
    } else if (event.type === "payment_intent.canceled") {
      await updatePaymentStatus(tx, payment.id, "canceled", null);
    }
  });
  // After the transaction: what is logged has been committed.
  if (settlement && payment) logSettlement(deps, settlement, payment.invoiceId, payment, { eventId: event.id });
  if (cancel && payment) {
    // After the transaction: no network inside it. A failure here leaves the intent open
    // until the next failed card asks again.
    const canceled = await deps.provider.cancelIntent(payment.providerPaymentId).catch(() => null);
    if (canceled) {
      await updatePaymentStatus(deps.db, payment.id, canceled.status, canceled.lastErrorMessage);
      deps.log?.warn(
        { invoiceId: payment.invoiceId, paymentId: payment.id },
        "payment canceled after too many failed cards (card testing?)",
      );
    }
  }
  return { received: true, duplicate };
}
