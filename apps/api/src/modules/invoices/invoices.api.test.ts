import { isOpenPaymentStatus, openPaymentStatusValues, paymentStatusValues } from "@khayl/contract/payment-values";
import { invoices, payments, sandboxPaymentIntents } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { type DemoInvoiceLink, demoInvoiceLinks, seedInvoices } from "@khayl/db/seed/invoices";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";
import { SANDBOX_CONFIRMS_PER_INTENT } from "./pay-by-link.ts";
import { INVOICE_LOOKUPS_PER_CLIENT, INVOICE_PDFS_PER_CLIENT, PAYMENT_CALLS_PER_CLIENT } from "./routes.ts";
import { pdfText } from "./testing.ts";

let api: TestApi;
let links: DemoInvoiceLink[];
/** Unpaid demo invoices not used yet: each payment test takes its own. */
let fresh: DemoInvoiceLink[];

beforeAll(async () => {
  api = await createTestApi();
  await seedAccounts(api.database.db);
  await seedInvoices(api.database.db);
  links = await demoInvoiceLinks(api.database.db);
  fresh = links.filter((l) => l.status === "unpaid" && l.refNumber >= "INV-2026-000201");
});
afterAll(() => api.close());

let ip = 0;
const client = () => `10.50.${Math.floor(++ip / 250)}.${ip % 250}`;
const link = (ref: string) => links.find((l) => l.refNumber === ref)!;
const takeInvoice = () => {
  const next = fresh.shift();
  if (!next) throw new Error("no unpaid demo invoice left");
  return next;
};

function post(path: string, payload: unknown, remoteAddress = client()) {
  return api.app.inject({
    method: "POST",
    url: `/api/v1/invoices-v2/${path}`,
    payload: payload as object,
    remoteAddress,
  });
}
const getInvoice = (hash: unknown) => post("get-invoice-by-link", { hash });
const createPayment = (hash: string, paymentMethod = "card", remoteAddress?: string) =>
  post("create-payment-by-link", { hash, paymentMethod }, remoteAddress);
const confirmByLink = (hash: string, paymentIntentId: string) =>
  post("confirm-payment-by-link", { hash, paymentIntentId });
const card = (number: string, overrides: Record<string, string> = {}) => ({
  type: "card",
  card: { number, expiry: "12 / 34", cvc: "123", ...overrides },
  billingDetails: { country: "UAE", name: "Layla Haddad" },
});
const sandboxConfirm = (intent: { paymentIntentId: string; clientSecret: string }, paymentMethod: unknown) =>
  post("sandbox-confirm-payment", {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    paymentMethod,
  });

describe("get-invoice-by-link", () => {
  test("answers product §3's fields with the fee and gross computed by the server", async () => {
    const response = await getInvoice(link("INV-2026-000101").hash);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, statusCode: 200, message: "Invoice fetched successfully" });
    expect(body.data).toMatchObject({
      refNumber: "INV-2026-000101",
      total: 396,
      totalFils: 39_600,
      fee: 6.94,
      feeFils: 694,
      gross: 402.94,
      grossFils: 40_294,
      currency: "AED",
      dueDisplay: null,
      status: "unpaid",
      paidAt: null,
      paymentType: null,
      paymentProvider: "sandbox",
      testMode: true,
      user: { displayName: "Layla Haddad", email: "layla.haddad@example.com", phoneNumber: "+971 50 123 4567" },
    });
    expect(typeof body.data.id).toBe("number");
    expect(typeof body.data.user.id).toBe("number");
    expect(new Date(body.data.dueDate).getTime()).toBeGreaterThan(Date.now());
    // Internal columns never leak.
    expect(JSON.stringify(body)).not.toMatch(/linkToken|link_token|lines|accountId/);
  });

  test("carries the due badge, and the paid invoice's payment", async () => {
    expect((await getInvoice(link("INV-2026-000102").hash)).json().data.dueDisplay).toBe("Due in 3 days");
    expect((await getInvoice(link("INV-2026-000103").hash)).json().data.dueDisplay).toBe("Overdue");
    const paid = (await getInvoice(link("INV-2026-000104").hash)).json().data;
    expect(paid).toMatchObject({
      status: "paid",
      paymentType: "card",
      cardBrand: "visa",
      cardLast4: "4242",
      paidFeeFils: paid.feeFils,
      paidAmountFils: paid.grossFils,
    });
    expect(Date.parse(paid.paidAt)).toBeLessThan(Date.now());
  });

  test("demo tokens are unguessable: 256 random bits, base64url, all different", () => {
    expect(links.length).toBeGreaterThanOrEqual(20);
    for (const l of links) expect(l.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(links.map((l) => l.hash)).size).toBe(links.length);
  });

  test("a malformed token is 400 before any lookup, an unknown one 404", async () => {
    for (const hash of [
      "abc",
      "x".repeat(21),
      "a".repeat(129),
      "../../etc/passwd-aaaaaaaaaaaaaa",
      "aaaaaaaaaaaaaaaaaaaaaa'; drop table invoices;--",
      42,
    ]) {
      const response = await getInvoice(hash);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, statusCode: 400 });
    }
    expect((await getInvoice("abc")).json().message).toBe("Invalid invoice link");
    const missing = await post("get-invoice-by-link", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Invoice link is required");
    const unknown = await getInvoice("A".repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, statusCode: 404, message: "Invoice not found" });
  });

  test("lookups are limited per client, so tokens cannot be enumerated", async () => {
    const address = "10.99.0.1";
    const statuses: number[] = [];
    for (let i = 0; i <= INVOICE_LOOKUPS_PER_CLIENT.max; i++) {
      statuses.push(
        (await post("get-invoice-by-link", { hash: `${"B".repeat(40)}${String(i).padStart(3, "0")}` }, address))
          .statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not affected.
    expect((await getInvoice(link("INV-2026-000101").hash)).statusCode).toBe(200);
  });
});

describe("print-pdf-by-link", () => {
  test("answers a tax invoice PDF with the reference, lines with VAT and the total", async () => {
    const response = await post("print-pdf-by-link", { hash: link("INV-2026-000101").hash });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe('inline; filename="INV-2026-000101.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { pages, text } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      "Tax Invoice",
      "Khayl Logistics",
      "TRN: 100123456700003",
      "INV-2026-000101",
      "Layla Haddad",
      "VAT 5%",
      "377.14", // net of the line
      "18.86", // its VAT
      "396.00", // the total
      "UNPAID",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/DUE DATE \d{2} [A-Z][a-z]{2} \d{4}/);
  });

  test("a paid invoice prints as a receipt marked PAID with the paid date and card fee", async () => {
    const response = await post("print-pdf-by-link", { hash: link("INV-2026-000104").hash });
    const { text } = await pdfText(response.rawPayload);
    expect(text).toMatch(/PAID on \d{2} [A-Z][a-z]{2} \d{4}/);
    expect(text).toContain("Payment received");
    expect(text).toContain("Visa ending 4242");
    expect(text).toContain("1,890.00");
    expect(text).toContain("Amount paid");
    expect(text).not.toContain("UNPAID");
  });

  test("bad and unknown tokens answer the JSON envelope, not a PDF", async () => {
    const bad = await post("print-pdf-by-link", { hash: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: "Invalid invoice link" });
    const unknown = await post("print-pdf-by-link", { hash: "C".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^application\/json/);
  });
});

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
      await api.database.db.select().from(sandboxPaymentIntents),
      await api.database.db.select().from(payments),
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
    const [row] = await api.database.db
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
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("unpaid");
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
    // An intent of another invoice cannot pay this one.
    const other = takeInvoice();
    expect((await confirmByLink(other.hash, intent.paymentIntentId)).statusCode).toBe(404);
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
    const [intent] = await api.database.db
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
    const [invoiceRow] = await api.database.db.select().from(invoices).where(eq(invoices.refNumber, invoice.refNumber));
    expect(await api.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceRow!.id))).toHaveLength(1);

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
    const rows = await api.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceRow!.id));
    expect(rows.filter((p) => p.status === "succeeded")).toHaveLength(1);
    const charged = await api.database.db.execute<{ n: number }>(
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

  test("the Stripe webhook is off without Stripe", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/api/v1/invoices-v2/stripe-webhook",
      payload: { id: "evt_1", type: "x", data: { object: {} } },
      remoteAddress: client(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Stripe webhooks are not configured");
  });
});

test("a payment charged at the provider but never confirmed here shows as paid on the next visit", async () => {
  const invoice = takeInvoice();
  const intent = (await createPayment(invoice.hash)).json().data;
  expect((await sandboxConfirm(intent, card("4242424242424242"))).statusCode).toBe(200);
  // The tab closes before the browser asks the server to confirm: the next visit settles it.
  const visit = await getInvoice(invoice.hash);
  expect(visit.json().data).toMatchObject({ status: "paid", paymentType: "card", cardLast4: "4242" });
  const pdf = await post("print-pdf-by-link", { hash: invoice.hash });
  expect((await pdfText(pdf.rawPayload)).text).toContain("PAID");
  expect((await createPayment(invoice.hash)).statusCode).toBe(409);
  const rows = await api.database.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, intent.paymentIntentId));
  expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
});

test("an open payment that was not charged leaves the invoice unpaid", async () => {
  const invoice = takeInvoice();
  const intent = (await createPayment(invoice.hash)).json().data;
  expect((await sandboxConfirm(intent, card("4000000000000002"))).statusCode).toBe(402);
  expect((await getInvoice(invoice.hash)).json().data.status).toBe("unpaid");
});

describe("limits on the other invoice calls", () => {
  /** Statuses of `max + 1` calls from one client. */
  async function statusesOf(max: number, call: (address: string) => Promise<{ statusCode: number }>, address: string) {
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await call(address)).statusCode);
    return statuses;
  }

  test("PDFs per client", async () => {
    const statuses = await statusesOf(
      INVOICE_PDFS_PER_CLIENT.max,
      (a) => post("print-pdf-by-link", { hash: "C".repeat(43) }, a),
      "10.98.0.1",
    );
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  test("payment calls per client, on each payment route", async () => {
    const create = await statusesOf(
      PAYMENT_CALLS_PER_CLIENT.max,
      (a) => createPayment("D".repeat(43), "card", a),
      "10.98.0.2",
    );
    expect(create.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(create.at(-1)).toBe(429);
    const confirm = await statusesOf(
      PAYMENT_CALLS_PER_CLIENT.max,
      (a) => post("confirm-payment-by-link", { hash: "D".repeat(43), paymentIntentId: "pi_x" }, a),
      "10.98.0.3",
    );
    expect(confirm.at(-1)).toBe(429);
  });

  test("sandbox confirmations per intent, whatever the client", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const statuses: number[] = [];
    for (let i = 0; i <= SANDBOX_CONFIRMS_PER_INTENT.max; i++)
      statuses.push((await sandboxConfirm(intent, card("4000000000000002"))).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 402)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await sandboxConfirm(intent, card("4000000000000002"));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the database keeps to the contract's value lists", () => {
  /** A payment row of `invoiceId`, its ids unique per call. */
  let n = 0;
  const paymentRow = (invoiceId: number, status: string, extra: Record<string, string> = {}) => {
    n++;
    return sql`insert into payments (invoice_id, provider, provider_payment_id, idempotency_key, payment_method,
      amount_fils, fee_fils, status)
      values (${invoiceId}, ${extra.provider ?? "sandbox"}, ${`pi_values_${n}`}, ${`values:${n}`},
        ${extra.paymentMethod ?? "card"}, 100, 1, ${status})`;
  };
  /** The database's reason for refusing a statement (the driver's error under Drizzle's), or "accepted". */
  const refusal = async (statement: Promise<unknown>): Promise<string> => {
    try {
      await statement;
      return "accepted";
    } catch (error) {
      return (error as { cause?: Error }).cause?.message ?? String(error);
    }
  };
  const invoiceIdOf = async (ref: string) =>
    (await api.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.refNumber, ref)))[0]!.id;

  test("a status, provider or method outside the lists is refused by a CHECK constraint", async () => {
    const invoiceId = await invoiceIdOf(takeInvoice().refNumber);
    const db = api.database.db;
    expect(await refusal(db.execute(paymentRow(invoiceId, "paid")))).toMatch(/payments_status_check/);
    expect(await refusal(db.execute(paymentRow(invoiceId, "canceled", { provider: "paypal" })))).toMatch(
      /payments_provider_check/,
    );
    expect(await refusal(db.execute(paymentRow(invoiceId, "canceled", { paymentMethod: "apple_pay" })))).toMatch(
      /payments_payment_method_check/,
    );
    expect(await refusal(db.execute(sql`update invoices set status = 'settled' where id = ${invoiceId}`))).toMatch(
      /invoices_status_check/,
    );
    expect(
      await refusal(
        db.execute(sql`insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount_fils, currency,
        status, metadata) values ('pi_values_x', 's', 'values:x', 100, 'aed', 'failed', '{}'::jsonb)`),
      ),
    ).toMatch(/sandbox_payment_intents_status_check/);
  });

  test("one open payment per invoice, in each open status; closed ones do not count", async () => {
    const db = api.database.db;
    for (const status of openPaymentStatusValues) {
      const invoiceId = await invoiceIdOf(takeInvoice().refNumber);
      await db.execute(paymentRow(invoiceId, status));
      expect(await refusal(db.execute(paymentRow(invoiceId, "requires_payment_method")))).toMatch(
        /payments_one_open_per_invoice/,
      );
    }
    const invoiceId = await invoiceIdOf(takeInvoice().refNumber);
    for (const status of paymentStatusValues.filter((s) => !isOpenPaymentStatus(s) && s !== "succeeded"))
      await db.execute(paymentRow(invoiceId, status));
    await db.execute(paymentRow(invoiceId, "processing"));
  });
});
