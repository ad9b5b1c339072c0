import { expect, test } from "vitest";
import { invoicePdfDisposition } from "./invoices.ts";

test("the PDF's file name keeps a reference's letters, digits, - and _, and is 'invoice' when none of its letters is Latin", () => {
  expect(invoicePdfDisposition("INV-2026-000101")).toBe('inline; filename="INV-2026-000101.pdf"');
  expect(invoicePdfDisposition('INV "1"\r\nSet-Cookie: x')).toBe('inline; filename="INV1Set-Cookiex.pdf"');
  expect(invoicePdfDisposition("فاتورة-١٢٣")).toBe('inline; filename="invoice.pdf"');
  expect(invoicePdfDisposition("--__")).toBe('inline; filename="invoice.pdf"');
});
