import { grossFils, MAX_INVOICE_TOTAL_FILS } from "@khayl/contract/money";
import { isOpenPaymentStatus, openPaymentStatusValues, paymentStatusValues } from "@khayl/contract/payment-values";
import { invoices, payments } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { card, invoiceLinkApi } from "./by-link-testing.ts";
import { pdfText } from "./testing.ts";

/** What the payments recorded say: a charge confirmed late, and the database's own checks on the rows. */
const t = invoiceLinkApi();
const { post, takeInvoice, getInvoice, createPayment, sandboxConfirm } = t;

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
});
