import type { InvoiceData } from "@khayl/contract/invoices";

/**
 * An unpaid sandbox invoice as `POST /invoices-v2/get-invoice-by-link` answers it (product §7):
 * AED 396.00 with its 6.94 card fee, due 1 December 2026 08:00 UTC, billed to Layla Haddad.
 * For tests only; `overrides` replaces whole fields.
 */
export function testInvoice(overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    id: 1,
    refNumber: "INV-1",
    total: 396,
    totalFils: 39_600,
    feeFils: 694,
    fee: 6.94,
    grossFils: 40_294,
    gross: 402.94,
    currency: "AED",
    dueDate: "2026-12-01T08:00:00.000Z",
    dueDisplay: null,
    status: "unpaid",
    paidAt: null,
    paymentType: null,
    cardBrand: null,
    cardLast4: null,
    paidFeeFils: null,
    paidAmountFils: null,
    paymentProvider: "sandbox",
    testMode: true,
    user: { id: 7, displayName: "Layla Haddad", email: "layla.haddad@example.com", phoneNumber: "+971 50 123 4567" },
    ...overrides,
  };
}
