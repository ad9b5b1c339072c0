import { describe, expect, test } from "vitest";
import type { PaymentError } from "../../lib/invoice-payment.ts";
import {
  canStart,
  initialPaymentState,
  isBusy,
  type PaymentEvent,
  type PaymentState,
  paymentReducer,
} from "./payment-machine.ts";

/** The state after `events`, from the initial one. */
function stateAfter(...events: PaymentEvent[]): PaymentState {
  return events.reduce(paymentReducer, initialPaymentState);
}

const declined: PaymentError = { failure: "card-failed", detail: "Your card was declined." };
const unexpected: PaymentError = { failure: "unexpected", detail: null };
const applePayUnavailable: PaymentError = { failure: "apple-pay-unavailable", detail: null };
const paying: PaymentEvent[] = [{ type: "start" }, { type: "created", paymentIntentId: "pi_1" }];

describe("a payment that goes through", () => {
  test("idle → preparing → processing → succeeded, keeping the intent and payment method", () => {
    expect(stateAfter().status).toBe("idle");
    expect(canStart(stateAfter())).toBe(true);
    expect(stateAfter({ type: "start" })).toMatchObject({ status: "preparing", error: null });
    expect(stateAfter(...paying)).toMatchObject({ status: "processing", paymentIntentId: "pi_1" });
    const confirmed = stateAfter(...paying, { type: "confirmed", paymentMethodId: "pm_1" });
    expect(confirmed).toMatchObject({ status: "processing", paymentMethodId: "pm_1" });
    expect(stateAfter(...paying, { type: "confirmed", paymentMethodId: "pm_1" }, { type: "settled" })).toMatchObject({
      status: "succeeded",
      paymentIntentId: "pi_1",
      paymentMethodId: "pm_1",
    });
  });

  test("the form is busy from preparing to succeeded, and no second payment can start meanwhile", () => {
    for (const state of [
      stateAfter({ type: "start" }),
      stateAfter(...paying),
      stateAfter(...paying, { type: "settled" }),
    ]) {
      expect(isBusy(state)).toBe(true);
      expect(canStart(state)).toBe(false);
      expect(paymentReducer(state, { type: "start" })).toBe(state);
    }
    expect(isBusy(stateAfter())).toBe(false);
  });

  test("a step answer in the wrong state changes nothing", () => {
    const idle = stateAfter();
    expect(paymentReducer(idle, { type: "created", paymentIntentId: "pi_1" })).toBe(idle);
    expect(paymentReducer(idle, { type: "settled" })).toBe(idle);
    expect(paymentReducer(idle, { type: "reset" })).toBe(idle);
    const done = stateAfter(...paying, { type: "settled" });
    expect(paymentReducer(done, { type: "failed", error: unexpected })).toBe(done);
  });
});

describe("product §4: after a card error the payment state resets after 3000 ms", () => {
  test("a card error is failed: Pay stays disabled, not busy, until reset; the message stays after it", () => {
    const failed = stateAfter(...paying, { type: "failed", error: declined });
    expect(failed).toMatchObject({ status: "failed", error: declined, paymentIntentId: "pi_1" });
    expect(canStart(failed)).toBe(false);
    expect(isBusy(failed)).toBe(false);
    expect(paymentReducer(failed, { type: "start" })).toBe(failed);
    expect(paymentReducer(failed, { type: "edited" })).toBe(failed);
    const reset = paymentReducer(failed, { type: "reset" });
    expect(reset).toMatchObject({ status: "idle", error: declined, paymentIntentId: null, paymentMethodId: null });
    expect(canStart(reset)).toBe(true);
  });

  test("every card failure waits for the reset: declined, Apple Pay failed, bad details, not successful", () => {
    for (const failure of [
      "card-failed",
      "apple-pay-failed",
      "create-method-failed",
      "invalid-method",
      "not-successful",
    ] as const) {
      expect(stateAfter(...paying, { type: "failed", error: { failure, detail: null } }).status, failure).toBe(
        "failed",
      );
    }
  });

  test("other errors go back to idle at once, with the message", () => {
    for (const error of [unexpected, { failure: "card-element-missing", detail: null } as const]) {
      const state = stateAfter({ type: "start" }, { type: "failed", error });
      expect(state).toMatchObject({ status: "idle", error, paymentIntentId: null });
      expect(canStart(state)).toBe(true);
    }
  });

  test("the message stays until the next attempt, or until the card is edited while idle", () => {
    const shown = stateAfter(...paying, { type: "failed", error: declined }, { type: "reset" });
    expect(
      stateAfter(...paying, { type: "failed", error: declined }, { type: "reset" }, { type: "start" }).error,
    ).toBeNull();
    expect(paymentReducer(shown, { type: "edited" }).error).toBeNull();
    const running = stateAfter({ type: "start" });
    expect(paymentReducer(running, { type: "edited" })).toBe(running);
  });
});

describe("errors before anything is sent", () => {
  test("Apple Pay unavailable shows its message and leaves Pay usable", () => {
    const state = stateAfter({ type: "failed", error: applePayUnavailable });
    expect(state).toMatchObject({ status: "idle", error: applePayUnavailable });
    expect(canStart(state)).toBe(true);
  });

  test("Stripe.js that cannot load: 'provider not loaded', then Try again clears it and remounts the fields", () => {
    const failed = stateAfter({ type: "provider-failed" });
    expect(failed).toMatchObject({
      status: "idle",
      error: { failure: "provider-not-loaded", detail: null },
      provider: { failed: true, attempt: 0 },
    });
    const retried = paymentReducer(failed, { type: "provider-retry" });
    expect(retried).toMatchObject({ error: null, provider: { failed: false, attempt: 1 } });
    const loaded = stateAfter({ type: "provider-failed" }, { type: "provider-ready" });
    expect(loaded.provider.failed).toBe(false);
  });
});
