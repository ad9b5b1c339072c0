import type { Env } from "@khayl/config/env";
import { paymentStatusValues } from "@khayl/contract/payment-values";
import Stripe from "stripe";
import { z } from "zod";
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from "./provider.ts";
import { ProviderUnavailableError } from "./provider.ts";

/**
 * The Stripe provider (architecture §3.8): PaymentIntents created by the server with an
 * idempotency key, confirmed in the browser with Stripe.js, retrieved by the server to
 * decide; webhook events verified on the raw body. The one module that talks to Stripe
 * (conventions §11). `STRIPE_API_URL` points it at stripe-mock or a test double.
 */

/** A Stripe client for `env` (host, port and protocol from `STRIPE_API_URL` when set). */
function stripeClient(env: Env): Stripe {
  const base = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  return new Stripe(env.STRIPE_SECRET_KEY ?? "sk_unset", {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/** The fields of a PaymentIntent we read, parsed instead of trusted (the API version may differ). */
const intentSchema = z.looseObject({
  id: z.string(),
  client_secret: z.string().nullish(),
  status: z.enum(paymentStatusValues),
  amount: z.number().int(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.looseObject({ message: z.string().nullish() }).nullish(),
  latest_charge: z
    .union([
      z.string(),
      z.looseObject({
        payment_method_details: z
          .looseObject({
            card: z
              .looseObject({
                brand: z.string().nullish(),
                last4: z.string().nullish(),
                wallet: z.looseObject({ type: z.string().nullish() }).nullish(),
              })
              .nullish(),
          })
          .nullish(),
      }),
    ])
    .nullish(),
});

/** Maps a Stripe PaymentIntent (any API version) to the provider's view. */
function fromStripeIntent(raw: unknown): ProviderIntent {
  const intent = intentSchema.parse(raw);
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    status: intent.status,
    amountFils: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata ?? {},
    card:
      card?.brand && card.last4
        ? { brand: card.brand, last4: card.last4, wallet: card.wallet?.type === "apple_pay" ? "apple_pay" : null }
        : null,
    lastErrorMessage: intent.last_payment_error?.message ?? null,
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === "resource_missing" || error.statusCode === 404)
  );
}

/** The Stripe provider. Network or Stripe-side failures become `ProviderUnavailableError`. */
export function createStripeProvider(env: Env): PaymentProvider {
  const stripe = stripeClient(env);
  const secret = env.STRIPE_SECRET_KEY ?? "";
  async function retrieveIntent(id: string) {
    try {
      return fromStripeIntent(await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw new ProviderUnavailableError(error);
    }
  }
  return {
    name: "stripe",
    testMode: /^(sk|rk)_test_/.test(secret),
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    async createIntent(input: CreateIntentInput) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountFils,
            currency: input.currency,
            allowed_payment_method_types: ["card"],
            description: input.description,
            metadata: input.metadata,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return fromStripeIntent(intent);
      } catch (error) {
        throw new ProviderUnavailableError(error);
      }
    },
    retrieveIntent,
    async cancelIntent(id: string) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (isMissing(error)) return null;
        // Stripe refuses to cancel an intent that is no longer cancelable (charged, processing):
        // what it is now is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return retrieveIntent(id);
        throw new ProviderUnavailableError(error);
      }
    },
  };
}

/**
 * Verifies a webhook delivery (conventions §11): the `Stripe-Signature` header against the
 * raw body with the endpoint secret, within Stripe's default 5-minute tolerance.
 * Answers the parsed event JSON; throws `Stripe.errors.StripeSignatureVerificationError`.
 */
export function verifyStripeWebhook(env: Env, rawBody: Buffer | string, signature: string, secret: string): unknown {
  return stripeClient(env).webhooks.constructEvent(rawBody, signature, secret);
}
