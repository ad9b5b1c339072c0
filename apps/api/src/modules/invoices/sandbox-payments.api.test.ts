import { randomBytes } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import { invoiceLinkTokenHash, invoices, payments, sandboxPaymentIntents } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { card, invoiceLinkApi } from "./by-link-testing.ts";

/** Paying an invoice by its link with the offline sandbox provider (product §3). */
const t = invoiceLinkApi();
const { post, client, link, takeInvoice, getInvoice, createPayment, confirmByLink, sandboxConfirm } = t;

describe("sandbox payments", () => {
  test("4242 4242 4242 4242 pays the gross amount and the server marks the invoice paid", async () => {
    const invoice = takeInvoice();
    const created = await createPayment(invoice.hash);
    expect(created.statusCode).toBe(201);
    const intent = created.json().data;
    const fee = Math.round(invoice.totalFils * 0.015) + 100;
    expect(intent).toMatchObject({
      provider: "sandbox",
      publishableKey: null,
      currency: "aed",
      totalFils: invoice.totalFils,
      feeFils: fee,
      amountFils: invoice.totalFils + fee,
    });
    expect(intent.paymentIntentId).toMatch(/^pi_sandbox_/);
    expect(intent.clientSecret).toContain(`${intent.paymentIntentId}_secret_`);

    const confirmed = await sandboxConfirm(intent, card("4242 4242 4242 4242"));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: "succeeded",
      paymentMethod: { brand: "visa", last4: "4242", wallet: null },
    });

    const paid = await confirmByLink(invoice.hash, intent.paymentIntentId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, message: "Payment received" });
    expect(paid.json().data).toMatchObject({
      status: "paid",
      paymentType: "card",
      cardBrand: "visa",
      cardLast4: "4242",
      paidAmountFils: invoice.totalFils + fee,
      paidFeeFils: fee,
    });
    const lookup = (await getInvoice(invoice.hash)).json().data;
    expect(lookup.status).toBe("paid");
    expect(Math.abs(Date.parse(lookup.paidAt) - Date.now())).toBeLessThan(60_000);

    // Only brand and last 4 digits are stored, never the number or the CVC.
    const stored = JSON.stringify([
      await t.api.database.db.select().from(sandboxPaymentIntents),
      await t.api.database.db.select().from(payments),
    ]);
    expect(stored).not.toContain("4242424242424242");
    expect(stored).not.toContain("4242 4242 4242 4242");
  });

  test("4000 0000 0000 0002 is declined, the invoice stays unpaid, another card pays the same intent", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const declined = await sandboxConfirm(intent, card("4000000000000002"));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ success: false, statusCode: 402, message: "Your card was declined." });
    // The browser cannot claim success: the server asks the provider.
    const claimed = await confirmByLink(invoice.hash, intent.paymentIntentId);
    expect(claimed.statusCode).toBe(402);
    expect(claimed.json().message).toBe("Payment was not successful");
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("unpaid");
    // A retry reuses the open intent (same id), then succeeds with a good card.
    const retry = (await createPayment(invoice.hash)).json().data;
    expect(retry.paymentIntentId).toBe(intent.paymentIntentId);
    expect((await sandboxConfirm(retry, card("4242424242424242"))).statusCode).toBe(200);
    expect((await confirmByLink(invoice.hash, retry.paymentIntentId)).json().data.status).toBe("paid");
  });

  test("4000 0000 0000 9995 fails for insufficient funds", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const response = await sandboxConfirm(intent, card("4000 0000 0000 9995"));
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe("Your card has insufficient funds.");
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).statusCode).toBe(402);
    const [row] = await t.api.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    expect(row).toMatchObject({
      status: "requires_payment_method",
      lastErrorCode: "insufficient_funds",
      cardLast4: "9995",
    });
  });

  test("card details are validated: Luhn, expiry in the future, CVC of 3–4 digits, a country", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const cases: [unknown, string][] = [
      [card("4242 4242 4242 4241"), "Your card number is invalid."],
      [card("4242 4242"), "Your card number is incomplete."],
      [card("4242424242424242", { expiry: "01 / 20" }), "Your card's expiration date is in the past."],
      [card("4242424242424242", { expiry: "13 / 30" }), "Your card's expiration month is invalid."],
      [card("4242424242424242", { cvc: "12" }), "Your card's security code is incomplete."],
      [card("4242424242424242", { cvc: "12a" }), "Your card's security code is invalid."],
      [{ ...card("4242424242424242"), billingDetails: { country: "" } }, "Please select a country"],
      [{ ...card("4242424242424242"), billingDetails: { country: "IT" } }, "Please select a country"],
    ];
    for (const [method, message] of cases) {
      const response = await sandboxConfirm(intent, method);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // Two problems at once read as one list, without a full stop before the separator.
    const twice = (language: string) =>
      t.api.app.inject({
        method: "POST",
        url: "/api/v1/invoices-v2/sandbox-confirm-payment",
        headers: { language },
        payload: { ...intent, paymentMethod: card("4242 4242", { cvc: "12" }) },
        remoteAddress: "10.51.0.1",
      });
    expect((await twice("en")).json().message).toBe(
      "Your card number is incomplete, Your card's security code is incomplete.",
    );
    expect((await twice("ar")).json().message).not.toContain(".،");
    expect((await twice("ar")).json().message).toContain("، ");
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("unpaid");
  });

  test("a copy of the database confirms no payment: no client secret is stored, each is its key's and intent's", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const other = (await createPayment(takeInvoice().hash)).json().data;
    // The intents' rows, as a copy of the database holds them, name neither secret.
    const stored = JSON.stringify(await t.api.database.db.select().from(sandboxPaymentIntents));
    expect(stored).toContain(intent.paymentIntentId);
    for (const { clientSecret } of [intent, other])
      expect(stored).not.toContain(clientSecret.slice(clientSecret.indexOf("_secret_") + "_secret_".length));
    // One intent's secret confirms no other.
    const crossed = await sandboxConfirm(
      { paymentIntentId: other.paymentIntentId, clientSecret: intent.clientSecret },
      card("4242424242424242"),
    );
    expect(crossed.json()).toMatchObject({
      statusCode: 400,
      message: "The client secret does not match this payment intent",
    });
    // A server on that database under another SECRET_KEY (a stolen copy) refuses the page's
    // secret and answers one of its own, which this server refuses.
    const thief = await buildApp({
      db: t.api.database.db,
      env: parseEnv({ DATA_DIR: "./data/test", SECRET_KEY: randomBytes(32).toString("hex") }),
    });
    try {
      const call = (path: string, payload: object) =>
        thief.inject({ method: "POST", url: `/api/v1/invoices-v2/${path}`, payload, remoteAddress: client() });
      const there = await call("sandbox-confirm-payment", { ...intent, paymentMethod: card("4242424242424242") });
      expect(there.statusCode).toBe(400);
      const theirs = (await call("create-payment-by-link", { hash: invoice.hash, paymentMethod: "card" })).json().data;
      expect(theirs.paymentIntentId).toBe(intent.paymentIntentId);
      expect(theirs.clientSecret).not.toBe(intent.clientSecret);
      expect((await sandboxConfirm(theirs, card("4242424242424242"))).statusCode).toBe(400);
    } finally {
      await thief.close();
    }
    // The page's own secret still pays, and a reload is given the same one.
    expect((await createPayment(invoice.hash)).json().data.clientSecret).toBe(intent.clientSecret);
    expect((await sandboxConfirm(intent, card("4242424242424242"))).statusCode).toBe(200);
  });

  test("a wrong client secret or an unknown intent is refused", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const wrongSecret = await sandboxConfirm(
      { ...intent, clientSecret: `${intent.paymentIntentId}_secret_wrong` },
      card("4242424242424242"),
    );
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe("The client secret does not match this payment intent");
    const unknown = await sandboxConfirm(
      { paymentIntentId: "pi_sandbox_nope", clientSecret: "x" },
      card("4242424242424242"),
    );
    expect(unknown.statusCode).toBe(404);
    // A NUL in the id would reach the per-intent counter's key, which the database cannot store.
    const nul = await sandboxConfirm({ paymentIntentId: "pi_\u0000x", clientSecret: "x" }, card("4242424242424242"));
    expect(nul.json()).toMatchObject({
      statusCode: 400,
      message: "paymentIntentId must not contain the NUL character",
    });
    const confirmNul = await confirmByLink(invoice.hash, "pi_\u0000x");
    expect(confirmNul.statusCode).toBe(400);
    // An intent of another invoice cannot pay this one.
    const other = takeInvoice();
    expect((await confirmByLink(other.hash, intent.paymentIntentId)).statusCode).toBe(404);
  });

  test("an intent for an amount the invoice no longer has is canceled: its secret pays nothing", async () => {
    const invoice = takeInvoice();
    const old = (await createPayment(invoice.hash)).json().data;
    await t.api.database.db
      .update(invoices)
      .set({ totalFils: invoice.totalFils + 5_000 })
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    const fresh = (await createPayment(invoice.hash)).json().data;
    expect(fresh.paymentIntentId).not.toBe(old.paymentIntentId);
    expect(fresh.totalFils).toBe(invoice.totalFils + 5_000);
    const stale = await sandboxConfirm(old, card("4242424242424242"));
    expect(stale.json()).toEqual({
      success: false,
      statusCode: 400,
      message: "This payment was canceled. Please reload the invoice.",
    });
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("unpaid");
    expect((await sandboxConfirm(fresh, card("4242424242424242"))).statusCode).toBe(200);
    expect((await confirmByLink(invoice.hash, fresh.paymentIntentId)).json().data.status).toBe("paid");
  });

  test("Apple Pay (sandbox wallet) pays and is recorded as Apple Pay", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash, "apple-pay")).json().data;
    const confirmed = await sandboxConfirm(intent, { type: "apple_pay", billingDetails: { country: "UAE" } });
    expect(confirmed.json().data.paymentMethod).toMatchObject({ wallet: "apple_pay", last4: "4242" });
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).json().data).toMatchObject({
      status: "paid",
      paymentType: "apple-pay",
    });
  });

  test("a card paying after another tab asked for Apple Pay is recorded as a card, on the invoice and its payment", async () => {
    // Tab B asks to pay by card, tab A by Apple Pay and dismisses the sheet: one open intent,
    // whose method was last written as Apple Pay. Tab B then pays with a plain card.
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash, "card")).json().data;
    expect((await createPayment(invoice.hash, "apple-pay")).json().data.paymentIntentId).toBe(intent.paymentIntentId);
    expect((await sandboxConfirm(intent, card("5555 5555 5555 4444"))).json().data.paymentMethod).toMatchObject({
      wallet: null,
    });
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).json().data).toMatchObject({
      status: "paid",
      paymentType: "card",
      cardBrand: "mastercard",
      cardLast4: "4444",
    });
    const shown = (await getInvoice(invoice.hash)).json().data;
    expect(shown.paymentType).toBe("card");
    const [row] = await t.api.database.db.select().from(payments).where(eq(payments.invoiceId, shown.id));
    expect(row?.paymentMethod).toBe("card");
  });

  test("the browser cannot choose the amount", async () => {
    const invoice = takeInvoice();
    const response = await post("create-payment-by-link", {
      hash: invoice.hash,
      paymentMethod: "card",
      amount: 1,
      amountFils: 1,
      totalFils: 1,
    });
    expect(response.statusCode).toBe(201);
    const fee = Math.round(invoice.totalFils * 0.015) + 100;
    expect(response.json().data.amountFils).toBe(invoice.totalFils + fee);
    const [intent] = await t.api.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, response.json().data.paymentIntentId));
    expect(intent?.amountFils).toBe(invoice.totalFils + fee);
  });

  test("double submit: concurrent creates, confirmations and settlements charge once", async () => {
    const invoice = takeInvoice();
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createPayment(invoice.hash, i % 2 ? "card" : "apple-pay")),
    );
    expect(creates.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(creates.map((r) => r.json().data.paymentIntentId));
    expect(ids.size).toBe(1);
    const [invoiceRow] = await t.api.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.refNumber, invoice.refNumber));
    expect(await t.api.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceRow!.id))).toHaveLength(
      1,
    );

    const intent = creates[0]!.json().data;
    const confirms = await Promise.all(
      Array.from({ length: 6 }, () => sandboxConfirm(intent, card("4242424242424242"))),
    );
    const codes = confirms.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(confirms.find((r) => r.statusCode === 400)!.json().message).toBe("This payment has already succeeded");

    const settlements = await Promise.all(
      Array.from({ length: 6 }, () => confirmByLink(invoice.hash, intent.paymentIntentId)),
    );
    expect(settlements.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(settlements.map((r) => r.json().data.paidAt)).size).toBe(1);
    const rows = await t.api.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceRow!.id));
    expect(rows.filter((p) => p.status === "succeeded")).toHaveLength(1);
    const charged = await t.api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sandbox_payment_intents
          where status = 'succeeded' and metadata->>'invoiceId' = ${String(invoiceRow!.id)}`,
    );
    expect(
      Number((Array.isArray(charged) ? charged : (charged as unknown as { rows: { n: number }[] }).rows)[0]?.n),
    ).toBe(1);
  });

  test("a paid invoice refuses new payments; confirming the paying intent again answers the paid invoice", async () => {
    const paidLink = link("INV-2026-000104");
    const refused = await createPayment(paidLink.hash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      statusCode: 409,
      message: "This invoice has already been paid",
    });

    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    await sandboxConfirm(intent, card("4242424242424242"));
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).statusCode).toBe(200);
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).json().data.status).toBe("paid");
    expect((await createPayment(invoice.hash)).statusCode).toBe(409);
    // Paying again with the confirmed intent is refused by the provider too.
    expect((await sandboxConfirm(intent, card("4242424242424242"))).statusCode).toBe(400);
  });

  test("an intent paid at the provider but never confirmed here is recorded on the next attempt", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    await sandboxConfirm(intent, card("4242424242424242"));
    // The tab closed before confirm-payment-by-link; a second visit tries to pay again.
    const again = await createPayment(invoice.hash);
    expect(again.statusCode).toBe(409);
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("paid");
  });

  test("bad payment input is 400 with a message", async () => {
    const invoice = takeInvoice();
    expect(
      (await post("create-payment-by-link", { hash: invoice.hash, paymentMethod: "bitcoin" })).json(),
    ).toMatchObject({ statusCode: 400, message: "paymentMethod must be card or apple-pay" });
    expect((await post("create-payment-by-link", { hash: "short" })).statusCode).toBe(400);
    expect((await post("confirm-payment-by-link", { hash: invoice.hash })).json()).toMatchObject({
      statusCode: 400,
      message: "paymentIntentId is required",
    });
    expect(
      (await post("confirm-payment-by-link", { hash: invoice.hash, paymentIntentId: "pi_unknown" })).statusCode,
    ).toBe(404);
  });

  test("the Stripe webhook is off without Stripe: 404 whatever the body (product §7)", async () => {
    const bodies: [string, string][] = [
      ["application/json", JSON.stringify({ id: "evt_1", type: "x", data: { object: {} } })],
      ["application/json", "{}"],
      ["application/json", "[]"],
      ["application/json", "{"],
      ["text/plain", "hello"],
    ];
    for (const [type, payload] of bodies) {
      const response = await t.api.app.inject({
        method: "POST",
        url: "/api/v1/invoices-v2/stripe-webhook",
        headers: { "content-type": type },
        payload,
        remoteAddress: client(),
      });
      expect([response.statusCode, response.json()], `${type} ${payload}`).toEqual([
        404,
        { success: false, statusCode: 404, message: "Stripe webhooks are not configured" },
      ]);
    }
  });
});
