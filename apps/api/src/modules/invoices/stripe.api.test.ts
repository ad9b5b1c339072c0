import { invoiceLinkTokenHash, invoices, payments, webhookEvents } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { type DemoInvoiceLink, seedInvoices } from "@khayl/db/seed/invoices";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";
import { type FakeStripe, startFakeStripe } from "./testing.ts";

/**
 * The Stripe provider against a local stand-in for api.stripe.com (the only fake: our
 * own modules run for real), and the webhook with signatures made by Stripe's own
 * `webhooks.generateTestHeaderString`.
 */
const WEBHOOK_SECRET = "whsec_test_khayl";
let api: TestApi;
let stripe: FakeStripe;
let fresh: DemoInvoiceLink[];

beforeAll(async () => {
  stripe = await startFakeStripe();
  api = await createTestApi({
    STRIPE_SECRET_KEY: "sk_test_khayl",
    STRIPE_PUBLISHABLE_KEY: "pk_test_khayl",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  await seedAccounts(api.database.db);
  fresh = (await seedInvoices(api.database.db)).filter(
    (l) => l.status === "unpaid" && l.refNumber >= "INV-2026-000201",
  );
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});

let ip = 0;
const post = (path: string, payload: unknown) =>
  api.app.inject({
    method: "POST",
    url: `/api/v1/invoices-v2/${path}`,
    payload: payload as object,
    remoteAddress: `10.60.0.${++ip % 250}`,
  });
const takeInvoice = () => fresh.shift()!;
const feeOf = (totalFils: number) => Math.round(totalFils * 0.015) + 100;

function webhook(payload: string, signature?: string) {
  return api.app.inject({
    method: "POST",
    url: "/api/v1/invoices-v2/stripe-webhook",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    payload,
    remoteAddress: "10.61.0.1",
  });
}
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret });
function intentEvent(id: string, type: string, intentId: string) {
  const intent = stripe.intents.get(intentId)!;
  const { card: _card, ...object } = intent;
  return JSON.stringify({ id, object: "event", type, data: { object } });
}

describe("Stripe PaymentIntents", () => {
  test("the invoice says payments go through Stripe in test mode", async () => {
    const invoice = takeInvoice();
    expect((await post("get-invoice-by-link", { hash: invoice.hash })).json().data).toMatchObject({
      paymentProvider: "stripe",
      testMode: true,
    });
  });

  test("the server creates the intent for the gross in fils, with an idempotency key, and reuses it", async () => {
    const invoice = takeInvoice();
    const before = stripe.requests.length;
    const created = await post("create-payment-by-link", { hash: invoice.hash, paymentMethod: "card" });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      provider: "stripe",
      publishableKey: "pk_test_khayl",
      amountFils: invoice.totalFils + feeOf(invoice.totalFils),
    });
    const create = stripe.requests.slice(before).find((r) => r.method === "POST")!;
    expect(create.path).toBe("/v1/payment_intents");
    expect(create.authorization).toBe("Bearer sk_test_khayl");
    expect(create.form).toMatchObject({
      amount: String(invoice.totalFils + feeOf(invoice.totalFils)),
      currency: "aed",
      "allowed_payment_method_types[0]": "card",
      description: `Invoice ${invoice.refNumber}`,
      "metadata[refNumber]": invoice.refNumber,
    });
    expect(create.idempotencyKey).toMatch(/^invoice:\d+:[0-9a-f]{24}:payment:1$/);
    expect(create.idempotencyKey).not.toContain(invoice.hash);
    expect(data.clientSecret).toBe(stripe.intents.get(data.paymentIntentId)!.client_secret);

    // Double click: the same intent, no second one at Stripe.
    const again = await Promise.all([1, 2, 3].map(() => post("create-payment-by-link", { hash: invoice.hash })));
    expect(new Set(again.map((r) => r.json().data.paymentIntentId))).toEqual(new Set([data.paymentIntentId]));
    const intentsForInvoice = [...stripe.intents.values()].filter((i) => i.metadata.refNumber === invoice.refNumber);
    expect(intentsForInvoice).toHaveLength(1);
  });

  test("the invoice is paid only when Stripe says the intent succeeded", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    const early = await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId });
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe("Payment was not successful");

    stripe.succeed(paymentIntentId, { brand: "mastercard", last4: "4444" });
    const paid = await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({
      status: "paid",
      paymentType: "card",
      cardBrand: "mastercard",
      cardLast4: "4444",
    });
    expect((await post("create-payment-by-link", { hash: invoice.hash })).statusCode).toBe(409);
  });

  test("showing an invoice with an open payment asks Stripe at most once per interval, however often it is loaded", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    const retrievals = () =>
      stripe.requests.filter((r) => r.method === "GET" && r.path === `/v1/payment_intents/${paymentIntentId}`).length;
    const before = retrievals();
    for (let i = 0; i < 20; i++) {
      expect((await post("get-invoice-by-link", { hash: invoice.hash })).statusCode).toBe(200);
      expect((await post("print-pdf-by-link", { hash: invoice.hash })).statusCode).toBe(200);
    }
    expect(retrievals() - before).toBe(1);
    // Paying still asks Stripe every time: the confirmation settles at once.
    stripe.succeed(paymentIntentId);
    const paid = await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId });
    expect(paid.json().data).toMatchObject({ status: "paid" });
  });

  test("an intent whose amount or invoice does not match is refused", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    stripe.succeed(paymentIntentId);
    stripe.intents.get(paymentIntentId)!.amount = 100;
    const response = await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("The payment does not match this invoice");
    expect((await post("get-invoice-by-link", { hash: invoice.hash })).json().data.status).toBe("unpaid");
  });

  test("an intent charged for another invoice does not pay this one when the next payment is asked", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    stripe.succeed(paymentIntentId);
    stripe.intents.get(paymentIntentId)!.metadata.invoiceId = "999999";
    const again = await post("create-payment-by-link", { hash: invoice.hash });
    expect(again.json()).toEqual({
      success: false,
      statusCode: 409,
      message: "The payment does not match this invoice",
    });
    const [row] = await api.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    expect(row?.status).toBe("unpaid");
  });

  test("an open intent for an amount the invoice no longer has is canceled at Stripe and a new one made", async () => {
    const invoice = takeInvoice();
    const old = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    // The invoice's total was corrected after the first intent was made.
    await api.database.db
      .update(invoices)
      .set({ totalFils: invoice.totalFils + 10_000 })
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    const fresh = await post("create-payment-by-link", { hash: invoice.hash });
    expect(fresh.statusCode).toBe(201);
    const data = fresh.json().data;
    expect(data.paymentIntentId).not.toBe(old.paymentIntentId);
    expect(data.amountFils).toBe(invoice.totalFils + 10_000 + feeOf(invoice.totalFils + 10_000));
    // The old secret can pay nothing any more, and asking again answers the new intent.
    expect(stripe.intents.get(old.paymentIntentId)!.status).toBe("canceled");
    const [oldRow] = await api.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.providerPaymentId, old.paymentIntentId));
    expect(oldRow?.status).toBe("canceled");
    expect((await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId).toBe(
      data.paymentIntentId,
    );
  });

  test("a tab asking to pay while another tab's payment completes gets 409, never a second intent", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    // Tab 2 asks to pay; Stripe is slow to say how the open intent stands (still unpaid).
    let release: () => void = () => {};
    let held: () => void = () => {};
    const asking = new Promise<void>((resolve) => (held = resolve));
    stripe.holdRetrieve = (id) => {
      if (id !== paymentIntentId) return undefined;
      stripe.holdRetrieve = undefined;
      held();
      return new Promise<void>((resolve) => (release = resolve));
    };
    const tab2 = post("create-payment-by-link", { hash: invoice.hash });
    await asking;
    // Meanwhile tab 1's card is charged and its confirmation marks the invoice paid.
    stripe.succeed(paymentIntentId);
    const tab1 = await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId });
    expect(tab1.json().data.status).toBe("paid");
    release();
    expect((await tab2).json()).toEqual({
      success: false,
      statusCode: 409,
      message: "This invoice has already been paid",
    });
    const intentsForInvoice = [...stripe.intents.values()].filter((i) => i.metadata.refNumber === invoice.refNumber);
    expect(intentsForInvoice.map((i) => i.id)).toEqual([paymentIntentId]);
  });

  test("the sandbox confirmation does not exist with Stripe", async () => {
    const response = await post("sandbox-confirm-payment", {
      paymentIntentId: "pi_x",
      clientSecret: "pi_x_secret_y",
      paymentMethod: {
        type: "card",
        card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
        billingDetails: { country: "UAE" },
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("Stripe webhook", () => {
  test("a missing or wrong signature is refused and changes nothing", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    stripe.succeed(paymentIntentId);
    const payload = intentEvent("evt_forged", "payment_intent.succeeded", paymentIntentId);
    for (const signature of [
      undefined,
      "t=1,v1=deadbeef",
      sign(payload, "whsec_someone_else"),
      sign(payload.replace("aed", "usd")),
    ]) {
      const response = await webhook(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, statusCode: 400, message: "Invalid webhook signature" });
    }
    // A body the schema refuses, unsigned or forged, is refused for its signature first: a
    // prober learns nothing of the fields an event needs.
    for (const signature of [undefined, "t=1,v1=deadbeef"]) {
      const response = await webhook("{}", signature);
      expect(response.json()).toEqual({ success: false, statusCode: 400, message: "Invalid webhook signature" });
    }
    // Read the table, not the lookup: a lookup would ask Stripe and settle the real charge.
    const [row] = await api.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    expect(row?.status).toBe("unpaid");
    expect(await api.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, "evt_forged"))).toHaveLength(
      0,
    );
  });

  test("a signed payment_intent.succeeded marks the invoice paid, once per event id", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    stripe.succeed(paymentIntentId, { brand: "visa", last4: "4242", wallet: "apple_pay" });
    const payload = intentEvent("evt_paid_1", "payment_intent.succeeded", paymentIntentId);
    const first = await webhook(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: { received: true, duplicate: false } });
    expect((await post("get-invoice-by-link", { hash: invoice.hash })).json().data).toMatchObject({
      status: "paid",
      paymentType: "apple-pay",
      cardLast4: "4242",
    });

    const redelivery = await webhook(payload, sign(payload));
    expect(redelivery.statusCode).toBe(200);
    expect(redelivery.json().data.duplicate).toBe(true);
    expect(await api.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, "evt_paid_1"))).toHaveLength(
      1,
    );
    // The browser's own confirmation afterwards is answered with the paid invoice.
    expect((await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId })).json().data.status).toBe(
      "paid",
    );
  });

  test("a payment_intent.succeeded for the invoice's earlier amount leaves it unpaid and records the charge", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    // The total is raised while the customer is in 3-D Secure; Stripe then charges the old amount.
    const newTotal = invoice.totalFils + 25_000;
    await api.database.db
      .update(invoices)
      .set({ totalFils: newTotal })
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    stripe.succeed(paymentIntentId);
    const payload = intentEvent("evt_paid_stale", "payment_intent.succeeded", paymentIntentId);
    expect((await webhook(payload, sign(payload))).statusCode).toBe(200);
    const [row] = await api.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    expect(row?.status).toBe("unpaid");
    const [payment] = await api.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, paymentIntentId));
    expect(payment).toMatchObject({ status: "succeeded", unappliedReason: "amount-changed" });
    // The browser's confirmation afterwards is told, and the new amount is payable.
    const confirmed = await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toMatch(/^The amount of this invoice changed while you were paying/);
    const next = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    expect(next.amountFils).toBe(newTotal + feeOf(newTotal));
    stripe.succeed(next.paymentIntentId);
    const paid = intentEvent("evt_paid_new", "payment_intent.succeeded", next.paymentIntentId);
    expect((await webhook(paid, sign(paid))).statusCode).toBe(200);
    expect((await post("get-invoice-by-link", { hash: invoice.hash })).json().data).toMatchObject({
      status: "paid",
      paidAmountFils: newTotal + feeOf(newTotal),
    });
    // The old charge, met again once the invoice is paid, keeps the reason it was recorded with.
    const again = intentEvent("evt_paid_stale_again", "payment_intent.succeeded", paymentIntentId);
    expect((await webhook(again, sign(again))).statusCode).toBe(200);
    const [kept] = await api.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(kept).toMatchObject({ status: "succeeded", unappliedReason: "amount-changed" });
  });

  test("a signed payment_failed records the failure; the invoice stays payable", async () => {
    const invoice = takeInvoice();
    const { paymentIntentId } = (await post("create-payment-by-link", { hash: invoice.hash })).json().data;
    stripe.intents.get(paymentIntentId)!.last_payment_error = { message: "Your card was declined." };
    const payload = intentEvent("evt_failed_1", "payment_intent.payment_failed", paymentIntentId);
    expect((await webhook(payload, sign(payload))).statusCode).toBe(200);
    const [row] = await api.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(row).toMatchObject({ status: "requires_payment_method", failureMessage: "Your card was declined." });
    expect((await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId).toBe(
      paymentIntentId,
    );
  });

  test("a late payment_failed does not reopen a payment canceled and replaced since", async () => {
    const invoice = takeInvoice();
    const first = (await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId;
    stripe.intents.get(first)!.last_payment_error = { message: "Your card was declined." };
    const failed = intentEvent("evt_late_failed", "payment_intent.payment_failed", first);
    stripe.intents.get(first)!.status = "canceled";
    const canceled = intentEvent("evt_late_canceled", "payment_intent.canceled", first);
    expect((await webhook(canceled, sign(canceled))).statusCode).toBe(200);
    const second = (await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId;
    expect(second).not.toBe(first);
    // Stripe delivers the earlier failure last.
    const late = await webhook(failed, sign(failed));
    expect(late.statusCode).toBe(200);
    const rows = await api.database.db
      .select({ id: payments.providerPaymentId, status: payments.status })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: first, status: "canceled" },
        { id: second, status: "requires_payment_method" },
      ]),
    );
    expect((await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId).toBe(second);
  });

  test("card testing with an invoice's client secret: past 10 failed cards the intent is canceled", async () => {
    const invoice = takeInvoice();
    const first = (await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId;
    stripe.intents.get(first)!.last_payment_error = { message: "Your card was declined." };
    // Stripe.js confirms in the browser: each failed card reaches this server only as an event.
    for (let i = 1; i <= 10; i++) {
      const failed = intentEvent(`evt_testing_${i}`, "payment_intent.payment_failed", first);
      expect((await webhook(failed, sign(failed))).statusCode).toBe(200);
    }
    expect(stripe.intents.get(first)!.status).toBe("requires_payment_method");
    const eleventh = intentEvent("evt_testing_11", "payment_intent.payment_failed", first);
    expect((await webhook(eleventh, sign(eleventh))).statusCode).toBe(200);
    expect(stripe.intents.get(first)!.status).toBe("canceled");
    const [row] = await api.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.providerPaymentId, first));
    expect(row?.status).toBe("canceled");
    // The customer can still pay: a new intent, up to 5 new ones a day for the invoice.
    const intents = [first];
    for (let i = 0; i < 4; i++) {
      const next = (await post("create-payment-by-link", { hash: invoice.hash })).json().data.paymentIntentId;
      expect(intents).not.toContain(next);
      intents.push(next);
      stripe.intents.get(next)!.status = "canceled";
    }
    const sixth = await post("create-payment-by-link", { hash: invoice.hash });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      success: false,
      statusCode: 429,
      message: "Too many payment attempts for this invoice. Please try again later.",
    });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("an event about an unknown intent is acknowledged and ignored", async () => {
    const payload = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      data: { object: { id: "cus_1", object: "customer" } },
    });
    const response = await webhook(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ received: true, duplicate: false });
  });
});

test("Stripe out of reach: paying answers 502 with a clear message, and the invoice can still be read", async () => {
  const down = await createTestApi({
    STRIPE_SECRET_KEY: "sk_test_khayl",
    STRIPE_PUBLISHABLE_KEY: "pk_test_khayl",
    STRIPE_API_URL: "http://127.0.0.1:9",
  });
  try {
    await seedAccounts(down.database.db);
    const [invoice] = (await seedInvoices(down.database.db)).filter((l) => l.status === "unpaid");
    const call = (path: string) =>
      down.app.inject({
        method: "POST",
        url: `/api/v1/invoices-v2/${path}`,
        payload: { hash: invoice!.hash },
        remoteAddress: "10.61.0.1",
      });
    const create = await call("create-payment-by-link");
    expect(create.statusCode).toBe(502);
    expect(create.json()).toEqual({
      success: false,
      statusCode: 502,
      message: "The payment provider could not be reached. Please try again.",
    });
    expect((await call("get-invoice-by-link")).json().data.status).toBe("unpaid");
    // Stripe without STRIPE_WEBHOOK_SECRET: the webhook is off, whatever the body.
    const webhook = await down.app.inject({
      method: "POST",
      url: "/api/v1/invoices-v2/stripe-webhook",
      payload: {},
      remoteAddress: "10.61.0.1",
    });
    expect([webhook.statusCode, webhook.json().message]).toEqual([404, "Stripe webhooks are not configured"]);
  } finally {
    await down.close();
  }
}, 30_000);
