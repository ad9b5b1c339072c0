import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { invoiceMessageIds, invoiceMessages } from "./invoice-messages.ts";
import {
  confirmPaymentBodySchema,
  createPaymentBodySchema,
  invoiceByLinkBodySchema,
  invoiceDataSchema,
  paymentIntentDataSchema,
} from "./invoice-schemas.ts";
import { sandboxConfirmBodySchema, sandboxConfirmDataSchema, stripeWebhookEventSchema } from "./payment-schemas.ts";

/**
 * Invoice by link and its payment (product §3 Invoice, §4 Invoice page, §7, architecture §3.4 and
 * §3.8). The two calls of product §7 keep their paths and `{ hash }` bodies; the payment
 * calls are this API's extensions, named in the same style (`/invoices-v2/…-by-link`).
 *
 * Money on the wire: the product §3 field `total` is in dirhams (a number with at most 2
 * decimals); every other amount is given twice, in integer fils (`…Fils`, what the
 * server computed and charges) and in dirhams (same name without the suffix).
 */

export { invoiceMessageIds } from "./invoice-messages.ts";
export {
  type confirmPaymentBodySchema,
  type createPaymentBodySchema,
  type InvoiceData,
  invoiceHashSchema,
  type PaymentIntentData,
} from "./invoice-schemas.ts";
export {
  type PaymentStepBody,
  paymentStepBodySchema,
  type SandboxConfirmData,
  sandboxConfirmBodySchema,
  stripePaymentIntentEventObjectSchema,
  stripeWebhookEventSchema,
} from "./payment-schemas.ts";

/**
 * The `Content-Disposition` of an invoice PDF: shown in the browser (`inline`) and saved as
 * `<name>.pdf`, `name` kept to letters, digits, `-` and `_` (a reference number such as
 * `INV-2026-000101`), `invoice` when no letter or digit is left (an Arabic reference would
 * otherwise save as `-.pdf`). Both the API, from the invoice's
 * `refNumber`, and the web app, from the API's own header, write it with this: nothing from
 * the data or from an upstream API reaches the header unchecked.
 */
export function invoicePdfDisposition(name: string): string {
  const kept = name.replace(/[^A-Za-z0-9_-]/g, "");
  return `inline; filename="${/[A-Za-z0-9]/.test(kept) ? kept : "invoice"}.pdf"`;
}

/** The invoice and payment calls, each described once for the web's client and the API's routes (decision 002). */
export const invoiceEndpoints = {
  /** `POST /invoices-v2/get-invoice-by-link` (product §7): the invoice in `data`; 400 malformed, 404 unknown link. */
  getByLink: defineEndpoint({
    method: "POST",
    path: "/invoices-v2/get-invoice-by-link",
    operationId: "getInvoiceByLink",
    body: invoiceByLinkBodySchema,
    data: invoiceDataSchema,
    message: invoiceMessageIds.fetched,
    summary: "Invoice by link: product §3 fields plus status, card fee and gross amount computed by the server",
    tags: ["invoices"],
  }),
  /** `POST /invoices-v2/print-pdf-by-link` (product §7): the tax invoice as `application/pdf` (PAID once paid). */
  printPdf: defineEndpoint({
    method: "POST",
    path: "/invoices-v2/print-pdf-by-link",
    operationId: "printInvoicePdfByLink",
    body: invoiceByLinkBodySchema,
    data: z.null(),
    summary:
      "Invoice by link as a UAE tax invoice PDF (application/pdf); a paid invoice prints as a receipt marked PAID",
    tags: ["invoices"],
    binary: "application/pdf",
  }),
  /** Extension: create (or reuse) the invoice's payment intent for the gross amount. 409 when already paid. */
  createPayment: defineEndpoint({
    method: "POST",
    path: "/invoices-v2/create-payment-by-link",
    operationId: "createPaymentByLink",
    body: createPaymentBodySchema,
    data: paymentIntentDataSchema,
    message: invoiceMessageIds.paymentCreated,
    summary:
      "Extension: create the invoice's payment intent for total + card fee (server-computed, in fils); a retry or " +
      "double click gets the same open intent; 409 when the invoice is paid",
    tags: ["invoices", "payments"],
    errors: { 409: invoiceMessages.alreadyPaid, 502: invoiceMessages.providerUnavailable },
  }),
  /** Extension: the server checks the intent with the provider and marks the invoice paid. */
  confirmPayment: defineEndpoint({
    method: "POST",
    path: "/invoices-v2/confirm-payment-by-link",
    operationId: "confirmPaymentByLink",
    body: confirmPaymentBodySchema,
    data: invoiceDataSchema,
    message: invoiceMessageIds.paymentConfirmed,
    summary:
      "Extension: after the browser confirmed the intent, the server retrieves it from the provider and, when it " +
      "succeeded for this invoice's amount (still its gross now), marks the invoice paid (idempotent); 402 'Payment was not successful' " +
      "otherwise; 404 'Payment not found' for an intent that is not one of this invoice's payments (another " +
      "invoice's included)",
    tags: ["invoices", "payments"],
    errors: {
      402: invoiceMessages.paymentNotSuccessful,
      409:
        `${invoiceMessages.alreadyPaid}; '${invoiceMessages.amountChanged}' when the intent was charged for an ` +
        "amount the invoice no longer has (it stays unpaid); or this invoice's intent does not match it (its " +
        "amount or metadata)",
      502: invoiceMessages.providerUnavailable,
    },
  }),
  /** Extension (sandbox provider only): confirm a sandbox intent with a test card, as Stripe.js would with Stripe. */
  sandboxConfirm: defineEndpoint({
    method: "POST",
    path: "/invoices-v2/sandbox-confirm-payment",
    operationId: "sandboxConfirmPayment",
    body: sandboxConfirmBodySchema,
    data: sandboxConfirmDataSchema,
    message: invoiceMessageIds.paymentSucceeded,
    summary:
      "Extension, offline sandbox only (404 when Stripe is configured): confirm a sandbox payment intent with a " +
      "test card (4242… succeeds, 4000 0000 0000 0002 declined, 4000 0000 0000 9995 insufficient funds → 402); " +
      "keeps only brand and last 4 digits",
    tags: ["payments"],
    errors: { 402: "The card was declined or has insufficient funds (the message says which)" },
  }),
  /** Extension: Stripe webhook; raw JSON body verified with the `stripe-signature` header. */
  stripeWebhook: defineEndpoint({
    method: "POST",
    path: "/invoices-v2/stripe-webhook",
    operationId: "receiveStripeWebhook",
    body: stripeWebhookEventSchema,
    data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
    message: invoiceMessageIds.webhookReceived,
    summary:
      "Extension: Stripe webhook (payment_intent.succeeded / payment_intent.payment_failed). The raw body is " +
      "verified against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET before its fields are checked " +
      "(400 'Invalid webhook signature' when the header is missing or does not match); " +
      "idempotent by event id; 404 'Stripe webhooks are not configured' without Stripe or without the secret, " +
      "whatever the body",
    tags: ["payments"],
  }),
};
