import { grossFils, MAX_INVOICE_TOTAL_FILS } from "@khayl/contract/money";
import { isOpenPaymentStatus, openPaymentStatusValues, paymentStatusValues } from "@khayl/contract/payment-values";
import { invoiceLinkTokenHash, invoices, payments, sandboxPaymentIntents } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { card, invoiceLinkApi } from "./by-link-testing.ts";
import { pdfText } from "./testing.ts";

/**
 * What the payments recorded say: a charge confirmed late, charges that do not pay their
 * invoice (kept to refund), and the database's own checks on the rows.
 */
const t = invoiceLinkApi({ captureLogs: true });
const { post, takeInvoice, getInvoice, createPayment, confirmByLink, sandboxConfirm } = t;

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
  const rows = await t.api.database.db
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

/** What whatever issues the invoices may do to an invoice row while its link is open. */
const invoiceRow = (hash: string) => eq(invoices.linkTokenHash, invoiceLinkTokenHash(hash));
const setTotal = (hash: string, totalFils: number) =>
  t.api.database.db.update(invoices).set({ totalFils }).where(invoiceRow(hash));
const markPaidElsewhere = (hash: string) =>
  t.api.database.db.update(invoices).set({ status: "paid", paidAt: new Date() }).where(invoiceRow(hash));
const paymentOf = async (paymentIntentId: string) =>
  (await t.api.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId)))[0];
const sandboxIntentOf = async (paymentIntentId: string) =>
  (
    await t.api.database.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentIntentId))
  )[0];
const errorLogsOf = (paymentId: number | undefined) =>
  t.logs.filter((line) => line.level === 50 && line.paymentId === paymentId);
const AMOUNT_CHANGED =
  "The amount of this invoice changed while you were paying, so your payment did not pay it and will be refunded. Please check the new amount.";

describe("a charge for an amount the invoice no longer has does not pay it (architecture §3.8)", () => {
  test("the paying page is told with a 409 in its language; the invoice shows unpaid with its new amount", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    // Whatever issues the invoices raises its total while the customer is in 3-D Secure.
    const newTotal = invoice.totalFils * 2 + 1_234;
    await setTotal(invoice.hash, newTotal);
    expect((await sandboxConfirm(intent, card("4242424242424242"))).statusCode).toBe(200);

    const confirmed = await confirmByLink(invoice.hash, intent.paymentIntentId);
    expect(confirmed.json()).toEqual({ success: false, statusCode: 409, message: AMOUNT_CHANGED });
    const arabic = await t.api.app.inject({
      method: "POST",
      url: "/api/v1/invoices-v2/confirm-payment-by-link",
      headers: { language: "ar" },
      payload: { hash: invoice.hash, paymentIntentId: intent.paymentIntentId },
      remoteAddress: t.client(),
    });
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toContain("تغيّر مبلغ هذه الفاتورة");

    const shown = (await getInvoice(invoice.hash)).json().data;
    expect(shown).toMatchObject({
      status: "unpaid",
      totalFils: newTotal,
      grossFils: grossFils(newTotal),
      paidAt: null,
      paidAmountFils: null,
    });
    const pdf = (await pdfText((await post("print-pdf-by-link", { hash: invoice.hash })).rawPayload)).text;
    expect(pdf).toContain("UNPAID");
    expect(pdf).not.toContain("Amount paid");

    // The charge is kept as succeeded, with its reason, and logged once at error level with
    // the invoice's reference and the amounts, never its link or the intent's secret.
    const row = await paymentOf(intent.paymentIntentId);
    expect(row).toMatchObject({
      status: "succeeded",
      unappliedReason: "amount-changed",
      amountFils: intent.amountFils,
    });
    const errors = errorLogsOf(row?.id);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      refNumber: invoice.refNumber,
      amountFils: intent.amountFils,
      invoiceTotalFils: newTotal,
      invoiceGrossFils: grossFils(newTotal),
    });
    expect(JSON.stringify(errors)).not.toContain(invoice.hash);
    expect(JSON.stringify(errors)).not.toContain(intent.clientSecret);

    // The new amount is payable, and paying it makes a receipt of that amount.
    const fresh = (await createPayment(invoice.hash)).json().data;
    expect(fresh).toMatchObject({ totalFils: newTotal, amountFils: grossFils(newTotal) });
    expect((await sandboxConfirm(fresh, card("4242424242424242"))).statusCode).toBe(200);
    expect((await confirmByLink(invoice.hash, fresh.paymentIntentId)).json().data).toMatchObject({
      status: "paid",
      totalFils: newTotal,
      paidAmountFils: grossFils(newTotal),
    });
    // The old intent's page still hears why its payment did not count.
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).json().message).toBe(AMOUNT_CHANGED);
  });

  test("met first by the next visit or the next payment, the charge is recorded and a new intent made", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    const newTotal = invoice.totalFils + 38_918;
    await setTotal(invoice.hash, newTotal);
    expect((await sandboxConfirm(intent, card("4242424242424242"))).statusCode).toBe(200);
    // The tab closed before it confirmed: the next visit settles the charge, not the invoice.
    expect((await getInvoice(invoice.hash)).json().data).toMatchObject({ status: "unpaid", totalFils: newTotal });
    const next = await createPayment(invoice.hash);
    expect(next.statusCode).toBe(201);
    expect(next.json().data.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(next.json().data.amountFils).toBe(grossFils(newTotal));
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({
      status: "succeeded",
      unappliedReason: "amount-changed",
    });
  });
});

describe("an open payment of an invoice paid by another route (architecture §3.8)", () => {
  test("is canceled at the provider when the invoice is next seen: its secret pays nothing", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    await markPaidElsewhere(invoice.hash);
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("paid");
    expect((await sandboxIntentOf(intent.paymentIntentId))?.status).toBe("canceled");
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe("canceled");
    expect((await sandboxConfirm(intent, card("4242424242424242"))).json()).toEqual({
      success: false,
      statusCode: 400,
      message: "This payment was canceled. Please reload the invoice.",
    });
  });

  test("charged before it could be canceled, it is recorded as a succeeded charge to refund", async () => {
    const invoice = takeInvoice();
    const intent = (await createPayment(invoice.hash)).json().data;
    await markPaidElsewhere(invoice.hash);
    expect((await sandboxConfirm(intent, card("4242424242424242"))).statusCode).toBe(200);
    expect((await getInvoice(invoice.hash)).json().data.status).toBe("paid");
    const row = await paymentOf(intent.paymentIntentId);
    expect(row).toMatchObject({ status: "succeeded", unappliedReason: "invoice-paid" });
    expect(errorLogsOf(row?.id)).toMatchObject([{ refNumber: invoice.refNumber, amountFils: intent.amountFils }]);
    expect((await confirmByLink(invoice.hash, intent.paymentIntentId)).json()).toEqual({
      success: false,
      statusCode: 409,
      message: "This invoice has already been paid",
    });
    // Found again, it is not logged again.
    expect(errorLogsOf(row?.id)).toHaveLength(1);
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
    (await t.api.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.refNumber, ref)))[0]!.id;

  test("a status, provider or method outside the lists is refused by a CHECK constraint", async () => {
    const invoiceId = await invoiceIdOf(takeInvoice().refNumber);
    const db = t.api.database.db;
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
        db.execute(sql`insert into sandbox_payment_intents (id, idempotency_key, amount_fils, currency,
        status, metadata) values ('pi_values_x', 'values:x', 100, 'aed', 'failed', '{}'::jsonb)`),
      ),
    ).toMatch(/sandbox_payment_intents_status_check/);
  });

  test("an invoice total outside 1 … AED 20,000,000.00 is refused: no fee-only charge, no gross past 32 bits", async () => {
    const invoiceId = await invoiceIdOf(takeInvoice().refNumber);
    const db = t.api.database.db;
    const setTotal = (fils: number) =>
      db.execute(sql`update invoices set total_fils = ${fils} where id = ${invoiceId}`);
    for (const fils of [-100, 0, MAX_INVOICE_TOTAL_FILS + 1])
      expect(await refusal(setTotal(fils)), String(fils)).toMatch(/invoices_total_fils_check/);
    for (const fils of [1, MAX_INVOICE_TOTAL_FILS])
      expect(await refusal(setTotal(fils)), String(fils)).toBe("accepted");
    // The largest total's gross still fits the payments' 32-bit amount column.
    expect(grossFils(MAX_INVOICE_TOTAL_FILS)).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  test("one open payment per invoice, in each open status; closed ones do not count", async () => {
    const db = t.api.database.db;
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

  test("one payment pays an invoice; charges that did not pay it are succeeded rows with a reason", async () => {
    const db = t.api.database.db;
    const invoiceId = await invoiceIdOf(takeInvoice().refNumber);
    const reasonOfLast = (reason: string) =>
      db.execute(sql`update payments set unapplied_reason = ${reason} where id = (select max(id) from payments)`);
    await db.execute(paymentRow(invoiceId, "succeeded"));
    expect(await refusal(db.execute(paymentRow(invoiceId, "succeeded")))).toMatch(/payments_one_applied_per_invoice/);
    for (const reason of ["amount-changed", "invoice-paid"]) {
      await db.execute(paymentRow(invoiceId, "canceled"));
      expect(await refusal(reasonOfLast(reason))).toMatch(/payments_unapplied_reason_check/);
      await db.execute(sql`update payments set status = 'succeeded', unapplied_reason = ${reason}
        where id = (select max(id) from payments)`);
    }
    await db.execute(paymentRow(invoiceId, "canceled"));
    expect(await refusal(reasonOfLast("refunded"))).toMatch(/payments_unapplied_reason_check/);
  });
});
