import type { InvoiceData, PaymentIntentData } from "@khayl/contract/invoices";
import { describe, expect, test } from "vitest";
import type { PaymentCallResult } from "../../lib/invoice-payment.ts";
import { emptyCard } from "./card-form.tsx";
import { initialPaymentState, type PaymentEvent, paymentReducer } from "./payment-machine.ts";
import { type ConfirmWithProvider, type PaymentCall, runPayment } from "./payment-provider.ts";
import { sandboxProvider } from "./sandbox-provider.ts";

/** The gross amount the page shows, in fils (AED 402.94: 396.00 + the card fee). */
const shownGrossFils = 40294;
const payment = {
  paymentIntentId: "pi_1",
  clientSecret: "pi_1_secret",
  amountFils: shownGrossFils,
} as PaymentIntentData;
const paid = { id: 1, status: "paid" } as InvoiceData;
const approves: ConfirmWithProvider = async () => ({ ok: true, paymentMethodId: "pm_1" });

/** Runs one payment against scripted server answers; what the page would see. */
async function run(answers: PaymentCallResult[], confirm: ConfirmWithProvider = approves) {
  const events: PaymentEvent[] = [];
  const sent: unknown[] = [];
  const outcome = { stale: false, paid: null as InvoiceData | null };
  const call: PaymentCall = async (body) => {
    sent.push(body);
    return answers.shift() ?? { ok: false, status: 0, message: "" };
  };
  await runPayment("card", confirm, call, {
    grossFils: shownGrossFils,
    dispatch: (event) => events.push(event),
    onStale: () => (outcome.stale = true),
    onPaid: (invoice) => (outcome.paid = invoice),
  });
  return { events, sent, outcome, state: events.reduce(paymentReducer, initialPaymentState) };
}

describe("one payment: create → confirm with the provider → settle", () => {
  test("a payment that goes through ends succeeded with the paid invoice", async () => {
    const { events, sent, outcome, state } = await run([
      { ok: true, payment },
      { ok: true, invoice: paid },
    ]);
    expect(events.map((e) => e.type)).toEqual(["start", "created", "confirmed", "settled"]);
    expect(sent).toEqual([
      { intent: "create", paymentMethod: "card" },
      { intent: "confirm", paymentIntentId: "pi_1" },
    ]);
    expect(state).toMatchObject({ status: "succeeded", paymentIntentId: "pi_1", paymentMethodId: "pm_1" });
    expect(outcome.paid).toBe(paid);
  });

  test("an invoice paid meanwhile (409 on create) reloads it and fails unexpected", async () => {
    const { outcome, state } = await run([{ ok: false, status: 409, message: "Invoice already paid" }]);
    expect(outcome.stale).toBe(true);
    expect(state).toMatchObject({ status: "idle", error: { failure: "unexpected" } });
  });

  test("a payment for another amount than the page shows is never confirmed: the invoice reloads", async () => {
    // The invoice's total changed after the page loaded: the server's intent is for the new gross.
    let charged = false;
    const { events, sent, outcome, state } = await run(
      [{ ok: true, payment: { ...payment, amountFils: 53388 } }],
      async () => {
        charged = true;
        return { ok: true, paymentMethodId: "pm_1" };
      },
    );
    expect(charged).toBe(false);
    expect(sent).toEqual([{ intent: "create", paymentMethod: "card" }]);
    expect(events.map((e) => e.type)).toEqual(["start", "failed"]);
    expect(outcome.stale).toBe(true);
    expect(state).toMatchObject({ status: "idle", error: { failure: "amount-changed" } });
  });

  test("a provider that refuses or throws stops before settling", async () => {
    const declined = await run([{ ok: true, payment }], async () => ({
      ok: false,
      error: { failure: "card-failed", detail: "Declined" },
    }));
    expect(declined.sent).toHaveLength(1);
    expect(declined.state).toMatchObject({ status: "failed", error: { failure: "card-failed" } });
    const thrown = await run([{ ok: true, payment }], () => Promise.reject(new Error("boom")));
    expect(thrown.state).toMatchObject({ status: "idle", error: { failure: "unexpected", detail: null } });
  });

  test("an intent the provider finds no longer open (paid from another tab) reloads the invoice, unsettled", async () => {
    const { sent, outcome, state } = await run([{ ok: true, payment }], async () => ({
      ok: false,
      error: { failure: "unexpected", detail: "This payment has already succeeded" },
      stale: true,
    }));
    expect(outcome.stale).toBe(true);
    expect(sent).toEqual([{ intent: "create", paymentMethod: "card" }]);
    expect(state).toMatchObject({ status: "idle", error: { failure: "unexpected" } });
    // A card the provider refused is no reason to reload.
    const refused = await run([{ ok: true, payment }], async () => ({
      ok: false,
      error: { failure: "create-method-failed", detail: null },
      stale: false,
    }));
    expect(refused.outcome.stale).toBe(false);
  });

  test("a settlement refused with 409 (the invoice changed or was paid meanwhile) reloads it, with the server's words", async () => {
    const message =
      "The amount of this invoice changed while you were paying, so your payment did not pay it and will be refunded. Please check the new amount.";
    const { state, outcome } = await run([
      { ok: true, payment },
      { ok: false, status: 409, message },
    ]);
    expect(outcome.stale).toBe(true);
    expect(outcome.paid).toBeNull();
    expect(state).toMatchObject({ error: { failure: "unexpected", detail: message } });
  });

  test("a refused settlement (402) is 'not successful', a card error waiting for its reset", async () => {
    const { state, outcome } = await run([
      { ok: true, payment },
      { ok: false, status: 402, message: "" },
    ]);
    expect(state).toMatchObject({ status: "failed", error: { failure: "not-successful" } });
    expect(outcome.paid).toBeNull();
  });
});

describe("the sandbox provider, behind the same interface as Stripe", () => {
  const billing = { name: "Layla Haddad", email: "layla@example.com", phone: null };
  const card = { ...emptyCard, number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", country: "UAE" };

  test("sends the typed card with the country and answers its payment method", async () => {
    const bodies: unknown[] = [];
    const confirm = sandboxProvider("card", card, billing, async (body) => {
      bodies.push(body);
      return { ok: true, confirmation: { paymentMethod: { id: "pm_sandbox" } } } as PaymentCallResult;
    });
    expect(await confirm(payment)).toEqual({ ok: true, paymentMethodId: "pm_sandbox" });
    expect(bodies).toEqual([
      {
        intent: "sandbox-confirm",
        paymentIntentId: "pi_1",
        clientSecret: "pi_1_secret",
        paymentMethod: {
          type: "card",
          card: { number: "4242424242424242", expiry: "12/30", cvc: "123" },
          billingDetails: { country: "UAE", ...billing },
        },
      },
    ]);
  });

  test("a declined card (402) is a card failure; a card without country is refused unsent", async () => {
    const declined = sandboxProvider("card", card, billing, async () => ({ ok: false, status: 402, message: "No" }));
    expect(await declined(payment)).toEqual({
      ok: false,
      error: { failure: "card-failed", detail: "No" },
      stale: false,
    });
    let sent = false;
    const noCountry = sandboxProvider("card", { ...card, country: "" }, billing, async () => {
      sent = true;
      return { ok: false, status: 0, message: "" };
    });
    expect(await noCountry(payment)).toMatchObject({ ok: false, error: { failure: "create-method-failed" } });
    expect(sent).toBe(false);
  });

  test("an intent no longer open (the payment route's 409) is stale: 'unexpected', with the server's words", async () => {
    const closed = sandboxProvider("card", card, billing, async () => ({
      ok: false,
      status: 409,
      message: "This payment has already succeeded",
    }));
    expect(await closed(payment)).toEqual({
      ok: false,
      error: { failure: "unexpected", detail: "This payment has already succeeded" },
      stale: true,
    });
  });

  test("Apple Pay's stand-in is confirmed as apple_pay; a failure is Apple Pay's", async () => {
    const failed = sandboxProvider("apple-pay", emptyCard, billing, async (body) => {
      expect(body.paymentMethod).toEqual({ type: "apple_pay", billingDetails: { country: "UAE" } });
      return { ok: false, status: 402, message: "" };
    });
    expect(await failed(payment)).toEqual({
      ok: false,
      error: { failure: "apple-pay-failed", detail: null },
      stale: false,
    });
  });
});
