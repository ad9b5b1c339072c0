import type { Stripe, StripeCardNumberElement } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import type { ConfirmWithProvider } from "./payment-provider.ts";

/*
 * The Stripe provider (architecture §3.8): Stripe.js, loaded once, and the card payment's
 * confirmation behind `ConfirmWithProvider`, like the sandbox's (`sandbox-provider.ts`).
 */

/** How long Stripe.js may take to load before the page gives up and says so. */
const LOAD_TIMEOUT_MS = 15_000;

let stripePromise: Promise<Stripe | null> | null = null;

/** Loads Stripe.js once (a failed load can be tried again); rejects after `LOAD_TIMEOUT_MS`. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  stripePromise ??= Promise.race([
    loadStripe(publishableKey),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("Stripe.js timed out")), LOAD_TIMEOUT_MS)),
  ]).catch((error: unknown) => {
    stripePromise = null;
    throw error;
  });
  return stripePromise;
}

/** Billing details Stripe receives with the card (product §7: name, e-mail, phone, country). */
export interface StripeBilling {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * The card variant of product §4's payment steps with Stripe: create the payment method from
 * the card Element ('Failed to create payment method' / 'Invalid payment method created'),
 * then confirm the server's intent with it ('Payment failed. Please try again.' on a card
 * error, 'Payment was not successful' when it did not succeed). 3-D Secure is handled by
 * Stripe.js.
 */
export function confirmCard(
  stripe: Stripe,
  card: StripeCardNumberElement,
  billing: StripeBilling,
  metadata: Record<string, string>,
): ConfirmWithProvider {
  return async (payment) => {
    const created = await stripe.createPaymentMethod({
      type: "card",
      card,
      billing_details: {
        name: billing.name ?? undefined,
        email: billing.email ?? undefined,
        phone: billing.phone ?? undefined,
        address: { country: billing.country },
      },
      metadata,
    });
    if (created.error)
      return { ok: false, error: { failure: "create-method-failed", detail: created.error.message ?? null } };
    const paymentMethodId = created.paymentMethod?.id;
    if (!paymentMethodId) return { ok: false, error: { failure: "invalid-method", detail: null } };
    const confirmed = await stripe.confirmCardPayment(payment.clientSecret, { payment_method: paymentMethodId });
    if (confirmed.error) {
      return {
        ok: false,
        error: {
          failure:
            confirmed.error.type === "card_error" || confirmed.error.type === "validation_error"
              ? "card-failed"
              : "unexpected",
          detail: confirmed.error.message ?? null,
        },
        // Paid or canceled meanwhile (e.g. from another tab): the page reads the invoice again.
        stale: confirmed.error.code === "payment_intent_unexpected_state",
      };
    }
    if (confirmed.paymentIntent?.status !== "succeeded")
      return { ok: false, error: { failure: "not-successful", detail: null } };
    return { ok: true, paymentMethodId };
  };
}
