import type { InvoiceData, PaymentIntentData, PaymentMethodType } from "@khayl/contract/invoices";
import type { invoice } from "./i18n/en/invoice.ts";

/**
 * The browser side of the invoice payment (product §3 Payment state, §4, §8). Zod-free: it
 * is page JavaScript (decision 007). The page posts each step to its own resource route
 * `/invoice/{hash}/payment`, which relays it to the API.
 */

/** product §9: after a card payment error the payment state resets after 3000 ms. */
export const PAYMENT_ERROR_RESET_MS = 3000;

/** The sandbox provider's answer to a confirmation. */
export interface SandboxConfirmation {
  id: string;
  status: "succeeded";
  paymentMethod: { id: string; brand: string; last4: string; wallet: "apple_pay" | null };
}

/** What `/invoice/{hash}/payment` answers: one success shape per step, or the failure. */
export type PaymentCallResult =
  | { ok: true; payment: PaymentIntentData }
  | { ok: true; confirmation: SandboxConfirmation }
  | { ok: true; invoice: InvoiceData }
  | { ok: false; status: number; message: string };

/** The body of each payment step (see `paymentRequestSchema` in invoice.server.ts). */
export type PaymentCallBody =
  | { intent: "create"; paymentMethod: PaymentMethodType }
  | {
      intent: "sandbox-confirm";
      paymentIntentId: string;
      clientSecret: string;
      paymentMethod:
        | {
            type: "card";
            card: { number: string; expiry: string; cvc: string };
            billingDetails: { country: string; name?: string | null; email?: string | null; phone?: string | null };
          }
        | { type: "apple_pay"; billingDetails?: { country?: string } };
    }
  | { intent: "confirm"; paymentIntentId: string };

/** Posts one payment step; a network failure answers `{ ok: false, status: 0 }`. Never throws. */
export async function paymentCall(
  hash: string,
  body: PaymentCallBody,
  fetchImpl: typeof fetch = fetch,
): Promise<PaymentCallResult> {
  try {
    const response = await fetchImpl(`/invoice/${encodeURIComponent(hash)}/payment`, {
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
  | "unexpected";

/** A failed payment: the product §8 kind and, when there is one, the provider's or server's own words. */
export interface PaymentError {
  failure: PaymentFailure;
  detail: string | null;
}

/** The product §8 text of a failure, from the catalogue. */
export function paymentErrorMessage(failure: PaymentFailure, t: (typeof invoice)["invoice"]): string {
  const e = t.errors;
  switch (failure) {
    case "provider-not-loaded":
      return e.providerNotLoaded;
    case "card-element-missing":
      return e.cardElementMissing;
    case "card-failed":
      return e.cardFailed;
    case "apple-pay-failed":
      return e.applePayFailed;
    case "apple-pay-unavailable":
      return e.applePayUnavailable;
    case "create-method-failed":
      return e.createMethodFailed;
    case "invalid-method":
      return e.invalidMethod;
    case "not-successful":
      return e.notSuccessful;
    case "unexpected":
      return e.unexpected;
  }
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
 *   'Failed to create payment method', other → unexpected;
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

/** The text shown for a payment error: product §8's message, and the server's own message as a detail line when it adds something. */
export function shownPaymentError(
  error: PaymentError,
  t: (typeof invoice)["invoice"],
): { message: string; detail: string | null } {
  const message = paymentErrorMessage(error.failure, t);
  return { message, detail: error.detail && error.detail !== message ? error.detail : null };
}
