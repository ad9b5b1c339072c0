/**
 * The types the payment step and a payment provider's component share (Stripe.js in
 * `stripe-payment.tsx`, the sandbox in the step itself): kept apart from both so that
 * neither imports the other (decision 025: no import cycles, type-only included).
 */
import type { PaymentIntentData } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import type { PaymentError } from "../../lib/invoice-payment.ts";

/** What the provider step of a payment answers: the payment method it used, or the failure. */
export type ProviderConfirmResult = { ok: true; paymentMethodId: string } | { ok: false; error: PaymentError };
/** Confirms the server's payment intent with the provider (Stripe.js, or the sandbox). */
export type ConfirmWithProvider = (payment: PaymentIntentData) => Promise<ProviderConfirmResult>;
/** Runs one payment: create the intent on the server, confirm it with the provider, let the server settle it. */
export type RunPayment = (method: PaymentMethodType, confirm: ConfirmWithProvider) => Promise<void>;
