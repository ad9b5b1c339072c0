import { cardMessageIds } from "@khayl/contract/card-rules";
import type { InvoiceData, PaymentIntentData, PaymentStepBody, SandboxConfirmData } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type Language, localizedPath } from "./i18n/language.ts";

/**
 * The browser side of the invoice payment (product §3 Payment state, §4, §8). Zod-free: it
 * is page JavaScript (decision 007). The page posts each step to its own resource route
 * `/invoice/{hash}/payment` (`/ar/invoice/{hash}/payment` from the Arabic page, so the API
 * answers in Arabic), which relays it to the API. Messages are Lingui descriptors, turned
 * into text in the page's language only where they are shown (decision 016).
 */

/** product §9: after a card payment error the payment state resets after 3000 ms. */
export const PAYMENT_ERROR_RESET_MS = 3000;

/**
 * What `/invoice/{hash}/payment` answers: the relayed call's `data` (the contract's types) under
 * one key per step, or the failure with the API's status and message.
 */
export type PaymentCallResult =
  | { ok: true; payment: PaymentIntentData }
  | { ok: true; confirmation: SandboxConfirmData }
  | { ok: true; invoice: InvoiceData }
  | { ok: false; status: number; message: string };

/**
 * Posts one payment step (the contract's `paymentStepBodySchema`, which the route checks
 * again) to the payment route of the page's `language`; a network failure answers
 * `{ ok: false, status: 0 }`. Never throws.
 */
export async function paymentCall(
  hash: string,
  body: PaymentStepBody,
  fetchImpl: typeof fetch = fetch,
  language: Language = "en",
): Promise<PaymentCallResult> {
  try {
    const response = await fetchImpl(localizedPath(`/invoice/${encodeURIComponent(hash)}/payment`, language), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const payload = (await response.json().catch(() => null)) as PaymentCallResult | null;
    if (payload && typeof payload === "object" && "ok" in payload) return payload;
    return { ok: false, status: response.status, message: "" };
  } catch {
    return { ok: false, status: 0, message: "" };
  }
}

/** Which product §8 message a failed payment shows. */
export type PaymentFailure =
  | "provider-not-loaded"
  | "card-element-missing"
  | "card-failed"
  | "apple-pay-failed"
  | "apple-pay-unavailable"
  | "create-method-failed"
  | "invalid-method"
  | "not-successful"
  | "amount-changed"
  | "unexpected";

/** A failed payment: the product §8 kind and, when there is one, the provider's or server's own words. */
export interface PaymentError {
  failure: PaymentFailure;
  detail: string | null;
}

/** What translates a message descriptor: the page's Lingui instance (`useLingui().i18n`). */
export type Translate = Pick<I18n, "_">;

/** product §8's messages, letter for letter, by failure. */
const paymentErrorMessages: Record<PaymentFailure, MessageDescriptor> = {
  "provider-not-loaded": msg`The card payment provider has not loaded yet. Please try again.`,
  "card-element-missing": msg`Card element not found`,
  "card-failed": msg`Payment failed. Please try again.`,
  "apple-pay-failed": msg`Apple Pay payment failed. Please try again.`,
  "apple-pay-unavailable": msg`Apple Pay is not available on this device. Please use a different payment method.`,
  "create-method-failed": msg`Failed to create payment method`,
  "invalid-method": msg`Invalid payment method created`,
  "not-successful": msg`Payment was not successful`,
  // Ours (not in product §8): the invoice's amount changed while the page was open.
  "amount-changed": msg`The amount of this invoice has changed. Please check the new amount and pay again.`,
  unexpected: msg`An unexpected error occurred during payment processing`,
};

/** The product §8 text of a failure, in the language of `i18n`. */
export function paymentErrorMessage(failure: PaymentFailure, i18n: Translate): string {
  return i18n._(paymentErrorMessages[failure]);
}

/**
 * The card form's messages (product §5's 'Please select a country' and Stripe's wording for
 * the card) by their English text, which is what the contract's rules and the API's refusals
 * answer: the contract's own catalogue messages (`cardMessageIds`, ids `card.*`), whose
 * Arabic is in the shared catalogue packages/contract/src/locales (decision 027).
 */
const cardMessageTexts = new Map<string, MessageDescriptor>(
  Object.values(cardMessageIds).map((descriptor) => [descriptor.message, descriptor]),
);

/**
 * A card message of the contract (`cardMessages`, in English) in the language of `i18n`;
 * any other text (a server's or provider's own words) as it is.
 */
export function cardMessageText(message: string, i18n: Translate): string {
  const descriptor = cardMessageTexts.get(message);
  return descriptor ? i18n._(descriptor) : message;
}

/** True for failures of the card itself, after which the payment state resets in 3000 ms (product §4). */
export function isCardError(failure: PaymentFailure): boolean {
  return (
    failure === "card-failed" ||
    failure === "apple-pay-failed" ||
    failure === "create-method-failed" ||
    failure === "invalid-method" ||
    failure === "not-successful"
  );
}

/**
 * Maps a failed payment step to product §8 (the error-message mapping):
 * - `create`: 'An unexpected error occurred during payment processing', with the
 *   server's own message as the detail line for a 4xx (e.g. 'This invoice has already
 *   been paid'), none for network/5xx;
 * - `confirm-card` (the provider charging the card): 402 → 'Payment failed. Please try
 *   again.' or 'Apple Pay payment failed. Please try again.', 400 invalid card details →
 *   'Failed to create payment method', other (409: the intent is no longer open) → unexpected;
 * - `settle` (the server checking the provider): 402 → 'Payment was not successful',
 *   other → unexpected, with the server's message as the detail for a 4xx.
 * The server's message is kept as `detail` when it adds something (e.g. 'Your card was declined.').
 */
export function failureFromResponse(
  step: "create" | "confirm-card" | "settle",
  status: number,
  message: string,
  method: PaymentMethodType,
): PaymentError {
  const detail = message || null;
  const serverSide = status === 0 || status >= 500;
  if (step === "create") {
    return serverSide || !detail ? { failure: "unexpected", detail: null } : { failure: "unexpected", detail };
  }
  if (step === "confirm-card") {
    if (status === 402) return { failure: method === "apple-pay" ? "apple-pay-failed" : "card-failed", detail };
    if (status === 400) return { failure: "create-method-failed", detail };
    return { failure: "unexpected", detail: serverSide ? null : detail };
  }
  if (status === 402) return { failure: "not-successful", detail: null };
  return { failure: "unexpected", detail: serverSide ? null : detail };
}

/**
 * The text shown for a payment error in the language of `i18n`: product §8's message, and
 * the server's or provider's own message as a detail line when it adds something (the API
 * answers in the page's language; a card message of the contract is translated here).
 */
export function shownPaymentError(error: PaymentError, i18n: Translate): { message: string; detail: string | null } {
  const message = paymentErrorMessage(error.failure, i18n);
  const detail = error.detail ? cardMessageText(error.detail, i18n) : null;
  return { message, detail: detail && detail !== message ? detail : null };
}
