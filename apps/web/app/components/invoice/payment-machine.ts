import { isCardError, type PaymentError } from "../../lib/invoice-payment.ts";

/**
 * The state of one invoice payment on step 3 (product §3 Payment state, §4 payment steps),
 * as one reducer with named states:
 *
 * ```
 *            start               created               settled
 *   idle ───────────▶ preparing ───────────▶ processing ───────────▶ succeeded
 *    ▲ ▲                 │                      │
 *    │ │   failed (any other error: at once)    │
 *    │ └─────────────────┴──────────────────────┤
 *    │                                          │ failed (a card error)
 *    │        reset (PAYMENT_ERROR_RESET_MS)    ▼
 *    └───────────────────────────────────── failed
 * ```
 *
 * - 'Preparing Payment...' is `preparing` (the server creates the intent), 'Processing
 *   Payment...' is `processing` (the provider charges, the server checks).
 * - After a card error the state is `failed` until `reset`, 3000 ms later (product §4):
 *   Pay stays disabled. Other errors go back to `idle` at once. The message stays until
 *   the next attempt, or until the visitor edits the card while `idle`.
 * - Errors found before anything is sent (Apple Pay unavailable, Stripe.js not loaded,
 *   no card element) are `failed` events in `idle`; they too go to `idle`, with the message.
 * - `provider` is Stripe.js's load: a failed load shows 'Try again', which remounts the
 *   card fields (`attempt`).
 *
 * An event that does not apply to the current state changes nothing (a second `start`
 * while a payment runs, a `reset` after the next attempt began).
 */

/** Which state the payment is in; see the diagram above. */
type PaymentStepStatus = "idle" | "preparing" | "processing" | "failed" | "succeeded";

export interface PaymentState {
  status: PaymentStepStatus;
  /** The error on show (product §8), or null. */
  error: PaymentError | null;
  /** product §3: the intent and payment method of the attempt in progress. */
  paymentIntentId: string | null;
  paymentMethodId: string | null;
  /** Stripe.js: whether its load failed, and how many times the visitor asked to load it again. */
  provider: { failed: boolean; attempt: number };
}

export type PaymentEvent =
  /** Pay (or the Apple Pay button) starts a payment. */
  | { type: "start" }
  /** The server created the payment intent. */
  | { type: "created"; paymentIntentId: string }
  /** The provider confirmed the intent with this payment method. */
  | { type: "confirmed"; paymentMethodId: string }
  /** The server checked the intent and marked the invoice paid. */
  | { type: "settled" }
  /** A step failed, or the payment could not start. */
  | { type: "failed"; error: PaymentError }
  /** PAYMENT_ERROR_RESET_MS after a card error. */
  | { type: "reset" }
  /** The visitor changed the card details. */
  | { type: "edited" }
  /** Stripe.js loaded and its card fields are mounted. */
  | { type: "provider-ready" }
  /** Stripe.js could not load (blocked, offline, timed out). */
  | { type: "provider-failed" }
  /** 'Try again' after Stripe.js failed to load. */
  | { type: "provider-retry" };

export const initialPaymentState: PaymentState = {
  status: "idle",
  error: null,
  paymentIntentId: null,
  paymentMethodId: null,
  provider: { failed: false, attempt: 0 },
};

const providerNotLoaded: PaymentError = { failure: "provider-not-loaded", detail: null };

/** The next payment state after `event` (pure; see the module comment for the transitions). */
export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case "start":
      if (state.status !== "idle") return state;
      return { ...state, status: "preparing", error: null, paymentIntentId: null, paymentMethodId: null };
    case "created":
      if (state.status !== "preparing") return state;
      return { ...state, status: "processing", paymentIntentId: event.paymentIntentId };
    case "confirmed":
      if (state.status !== "processing") return state;
      return { ...state, paymentMethodId: event.paymentMethodId };
    case "settled":
      if (state.status !== "processing") return state;
      return { ...state, status: "succeeded" };
    case "failed":
      return fail(state, event.error);
    case "reset":
      if (state.status !== "failed") return state;
      return { ...state, status: "idle", paymentIntentId: null, paymentMethodId: null };
    case "edited":
      return state.status === "idle" && state.error ? { ...state, error: null } : state;
    case "provider-ready":
      return state.provider.failed ? { ...state, provider: { ...state.provider, failed: false } } : state;
    case "provider-failed":
      return fail({ ...state, provider: { ...state.provider, failed: true } }, providerNotLoaded);
    case "provider-retry":
      return { ...state, error: null, provider: { failed: false, attempt: state.provider.attempt + 1 } };
  }
}

function fail(state: PaymentState, error: PaymentError): PaymentState {
  if (state.status === "succeeded" || state.status === "failed") return state;
  if (isCardError(error.failure)) return { ...state, status: "failed", error };
  return { ...state, status: "idle", error, paymentIntentId: null, paymentMethodId: null };
}

/** A payment is under way (or done): the form and Back are disabled, Pay shows a spinner. */
export function isBusy(state: PaymentState): boolean {
  return state.status === "preparing" || state.status === "processing" || state.status === "succeeded";
}

/** Pay (or the Apple Pay button) may start a payment: nothing runs and no card error is waiting for its reset. */
export function canStart(state: PaymentState): boolean {
  return state.status === "idle";
}
