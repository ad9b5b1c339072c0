import { expect, test } from "vitest";
import { type InvoicePdfInput, renderInvoicePdf } from "./pdf.ts";
import { pdfText } from "./testing.ts";

/**
 * The DejaVu Sans runs of the invoice PDF (decision 018's follow-up), as PDF.js reads them
 * back: in this file's process the face is parsed once, by its first invoice.
 */

const invoice = (displayName: string): InvoicePdfInput => ({
  company: { name: "Khayl Logistics", address: "Dubai, UAE", trn: "100123456700003" },
  invoice: {
    refNumber: "INV-2026-000104",
    issueDate: new Date("2026-01-05T08:00:00Z"),
    dueDate: new Date("2026-02-03T21:00:00Z"),
    lines: [{ description: "Horse transport", quantity: 1, unitPriceFils: 90000, vatRatePercent: 5 }],
    totalFils: 94500,
    status: "unpaid",
    paidAt: null,
  },
  customer: { displayName, email: "layla@example.com", phoneNumber: "+971501234567" },
  payment: null,
});

test("a name in DejaVu Sans reads as printed in every invoice of the process, not only the first", async () => {
  // The first invoice's only `o` is the one inside `ó`: its subset makes that glyph without characters.
  expect((await pdfText(await renderInvoicePdf(invoice("Łódź")))).text).toContain("Łódź");
  expect((await pdfText(await renderInvoicePdf(invoice("Şahin Co → Łódź")))).text).toContain("Şahin Co → Łódź");
});
