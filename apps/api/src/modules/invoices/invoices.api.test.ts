import { type InvoiceLine, invoiceTotals } from "@khayl/contract/invoice-lines";
import { invoiceLinkTokenHash, invoices } from "@khayl/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { card, invoiceLinkApi } from "./by-link-testing.ts";
import { SANDBOX_CONFIRMS_PER_INTENT } from "./pay-by-link.ts";
import { INVOICE_LOOKUPS_PER_CLIENT, INVOICE_PDFS_PER_CLIENT, PAYMENT_CALLS_PER_CLIENT } from "./routes.ts";
import { pdfText } from "./testing.ts";

/** An invoice by its link: the lookup, its PDF, and the limits per client on each call (product §3). */
const t = invoiceLinkApi();
const { post, link, takeInvoice, getInvoice, createPayment, sandboxConfirm } = t;

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
    expect(t.links.length).toBeGreaterThanOrEqual(20);
    for (const l of t.links) expect(l.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(t.links.map((l) => l.hash)).size).toBe(t.links.length);
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
    // A token of another type is not a missing one.
    expect((await getInvoice(42)).json().message).toBe("Invalid invoice link");
    expect((await getInvoice(null)).json().message).toBe("Invoice link is required");
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
      // COMPANY_NAME_AR and COMPANY_ADDRESS_AR (their demo defaults) under the English ones.
      "خيل للخدمات اللوجستية",
      "منطقة الصجعة الصناعية، الشارقة، الإمارات العربية المتحدة",
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

  test("a discount, a part quantity and a zero-rated export print, each line with its own VAT rate", async () => {
    const invoice = takeInvoice();
    const lines: InvoiceLine[] = [
      { description: "Stabling (nights)", quantity: 2.5, unitPriceFils: 25_050, vatRatePercent: 5 },
      { description: "Loyalty discount", quantity: 1, unitPriceFils: -10_000, vatRatePercent: 5 },
      { description: "Air export Dubai - Liege", quantity: 1, unitPriceFils: 1_200_000, vatRatePercent: 0 },
    ];
    const { totalFils } = invoiceTotals(lines);
    await t.api.database.db
      .update(invoices)
      .set({ lines, totalFils })
      .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(invoice.hash)));
    const response = await post("print-pdf-by-link", { hash: invoice.hash });
    expect(response.statusCode).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    for (const expected of [
      "2.5", // the quantity as stored
      "626.25", // 2.5 × 250.50
      "31.31 5%", // its VAT and, under it, its rate
      "-100.00", // the discount's net …
      "-5.00 5%", // … and its VAT
      "0.00 0%", // the export's VAT
      "12,552.56", // the total: 626.25 + 31.31 − 100.00 − 5.00 + 12,000.00
      "VAT is charged per line at the rate printed under it",
    ])
      expect(text).toContain(expected);
    // No rate in the headings when the lines carry different ones.
    expect(text).not.toContain("VAT 5%");
    expect(text).not.toContain("VAT (5%)");
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
