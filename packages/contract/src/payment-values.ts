/**
 * The status-like values of invoices and payments, each listed once (product §3 Invoice and
 * Payment state, architecture §3.8). The contract's zod enums (`invoices.ts`), the API, the
 * web and the database's CHECK constraints and partial unique index
 * (`packages/db/src/schema.ts`) all read these lists, so a value cannot be added on one
 * side only. Zod-free on purpose: the page imports them (decision 007).
 */

/** product §3 Invoice `status`. */
export const invoiceStatusValues = ["unpaid", "paid"] as const;
export type InvoiceStatus = (typeof invoiceStatusValues)[number];

/** product §3 Payment state `selectedPaymentMethod`: card (the default) or apple-pay. */
export const paymentMethodTypeValues = ["card", "apple-pay"] as const;
export type PaymentMethodType = (typeof paymentMethodTypeValues)[number];

/** Which payment provider the API uses: Stripe when configured, else the offline sandbox. */
export const paymentProviderValues = ["sandbox", "stripe"] as const;
export type PaymentProviderName = (typeof paymentProviderValues)[number];

/**
 * Stripe's PaymentIntent statuses. A payment row mirrors its intent's status, and the
 * sandbox provider uses the same words.
 */
export const paymentStatusValues = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
] as const;
export type PaymentStatus = (typeof paymentStatusValues)[number];

/**
 * The statuses in which an intent can still be confirmed: such a payment is "open", is
 * reused for a retry, and an invoice has at most one (the partial unique index
 * `payments_one_open_per_invoice` is built from this list).
 */
export const openPaymentStatusValues = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
] as const satisfies readonly PaymentStatus[];

/** True for a status of `openPaymentStatusValues`. */
export function isOpenPaymentStatus(status: PaymentStatus): boolean {
  return (openPaymentStatusValues as readonly PaymentStatus[]).includes(status);
}

/** The wallet a card payment came from, when any (Stripe's `card.wallet.type`; only Apple Pay is offered). */
export const cardWalletValues = ["apple_pay"] as const;
export type CardWallet = (typeof cardWalletValues)[number];

/**
 * Why a payment that succeeded at the provider did not pay its invoice (architecture §3.8),
 * kept on its row (`payments.unapplied_reason`) so the charges to refund can be found by
 * query: `amount-changed`, the invoice's gross (total + card fee) was no longer the amount
 * charged when it was settled (the total changed while the customer paid); `invoice-paid`,
 * another payment had paid the invoice first. Null on every other row.
 */
export const unappliedPaymentReasonValues = ["amount-changed", "invoice-paid"] as const;
export type UnappliedPaymentReason = (typeof unappliedPaymentReasonValues)[number];
