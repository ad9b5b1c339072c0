import { cardMessages, digitsOnly, isBillingCountry } from "@khayl/contract/card-rules";
import type { PaymentStepBody } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import { failureFromResponse, type PaymentCallResult } from "../../lib/invoice-payment.ts";
import type { CardValues } from "./card-form.tsx";
import type { ConfirmWithProvider } from "./payment-provider.ts";

/** The payment method of a sandbox confirmation (the contract's `sandboxConfirmBodySchema`). */
type SandboxPaymentMethod = Extract<PaymentStepBody, { intent: "sandbox-confirm" }>["paymentMethod"];
type SandboxConfirmBody = Extract<PaymentStepBody, { intent: "sandbox-confirm" }>;

/** The payer's details sent with a card (product §7: name, e-mail, phone; null when unknown). */
export interface SandboxBilling {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** What the sandbox confirms with: the typed card, or Apple Pay's stand-in; null while no country is chosen. */
function sandboxPaymentMethod(
  paymentMethod: PaymentMethodType,
  card: CardValues,
  billing: SandboxBilling,
): SandboxPaymentMethod | null {
  if (paymentMethod === "apple-pay") return { type: "apple_pay", billingDetails: { country: "UAE" } };
  if (!isBillingCountry(card.country)) return null;
  return {
    type: "card",
    card: { number: digitsOnly(card.number), expiry: card.expiry, cvc: card.cvc },
    billingDetails: { country: card.country, ...billing },
  };
}

/**
 * The sandbox provider, standing in for Stripe.js behind the same `ConfirmWithProvider`
 * interface: the typed card (or Apple Pay's stand-in) goes to the server's sandbox
 * confirmation (`intent: "sandbox-confirm"`, posted with `call`), whose failures are the
 * product §8 messages of a card payment; a 409 (the intent no longer open) is `stale`.
 */
export function sandboxProvider(
  paymentMethod: PaymentMethodType,
  card: CardValues,
  billing: SandboxBilling,
  call: (body: SandboxConfirmBody) => Promise<PaymentCallResult>,
): ConfirmWithProvider {
  return async (payment) => {
    const method = sandboxPaymentMethod(paymentMethod, card, billing);
    // Pay is enabled only with a country (product §5); the answer is the API's for a missing one.
    if (!method)
      return { ok: false, error: failureFromResponse("confirm-card", 400, cardMessages.countryRequired, "card") };
    const result = await call({
      intent: "sandbox-confirm",
      paymentIntentId: payment.paymentIntentId,
      clientSecret: payment.clientSecret,
      paymentMethod: method,
    });
    if (!result.ok)
      return {
        ok: false,
        error: failureFromResponse("confirm-card", result.status, result.message, paymentMethod),
        // The payment route's answer for an intent no longer open (paid or canceled meanwhile).
        stale: result.status === 409,
      };
    if (!("confirmation" in result) || !result.confirmation.paymentMethod?.id)
      return { ok: false, error: { failure: "invalid-method", detail: null } };
    return { ok: true, paymentMethodId: result.confirmation.paymentMethod.id };
  };
}
