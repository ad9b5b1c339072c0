import { defineMessages, englishTexts } from "./messages.ts";

/**
 * The messages of the invoice and payment calls (product §4 Invoice page, §8; decision 027):
 * catalogue descriptors, and their English for zod and the endpoints' OpenAPI errors.
 */

/** Messages of the invoice and payment calls, spelled once. */
export const invoiceMessageIds = defineMessages({
  hashRequired: /*i18n*/ { id: "invoice.hashRequired", message: "Invoice link is required" },
  hashInvalid: /*i18n*/ { id: "invoice.hashInvalid", message: "Invalid invoice link" },
  notFound: /*i18n*/ { id: "invoice.notFound", message: "Invoice not found" },
  fetched: /*i18n*/ { id: "invoice.fetched", message: "Invoice fetched successfully" },
  alreadyPaid: /*i18n*/ { id: "invoice.alreadyPaid", message: "This invoice has already been paid" },
  paymentCreated: /*i18n*/ { id: "invoice.paymentCreated", message: "Payment created" },
  paymentConfirmed: /*i18n*/ { id: "invoice.paymentConfirmed", message: "Payment received" },
  paymentNotFound: /*i18n*/ { id: "invoice.paymentNotFound", message: "Payment not found" },
  /** product §8: the provider reports the payment did not succeed. */
  paymentNotSuccessful: /*i18n*/ { id: "invoice.paymentNotSuccessful", message: "Payment was not successful" },
  paymentMismatch: /*i18n*/ { id: "invoice.paymentMismatch", message: "The payment does not match this invoice" },
  /**
   * 409: the intent was charged for the invoice's earlier amount (its total changed while the
   * customer paid): the invoice stays unpaid and the charge is refunded by hand.
   */
  amountChanged: /*i18n*/ {
    id: "invoice.amountChanged",
    message:
      "The amount of this invoice changed while you were paying, so your payment did not pay it and will be refunded. Please check the new amount.",
  },
  providerUnavailable: /*i18n*/ {
    id: "invoice.providerUnavailable",
    message: "The payment provider could not be reached. Please try again.",
  },
  sandboxOff: /*i18n*/ { id: "invoice.sandboxOff", message: "The sandbox payment provider is not in use" },
  intentNotFound: /*i18n*/ { id: "invoice.intentNotFound", message: "No such payment intent" },
  intentClientSecret: /*i18n*/ {
    id: "invoice.intentClientSecret",
    message: "The client secret does not match this payment intent",
  },
  intentUnexpectedState: /*i18n*/ {
    id: "invoice.intentUnexpectedState",
    message: "This payment has already succeeded",
  },
  /** 400 (sandbox): the intent was canceled (e.g. the invoice's amount changed), so its secret pays nothing. */
  intentCanceled: /*i18n*/ {
    id: "invoice.intentCanceled",
    message: "This payment was canceled. Please reload the invoice.",
  },
  cardDeclined: /*i18n*/ { id: "invoice.cardDeclined", message: "Your card was declined." },
  insufficientFunds: /*i18n*/ { id: "invoice.insufficientFunds", message: "Your card has insufficient funds." },
  tooManyAttempts: /*i18n*/ {
    id: "invoice.tooManyAttempts",
    message: "Too many payment attempts for this invoice. Please try again later.",
  },
  /** 409: another request is opening this invoice's payment at the same moment. */
  paymentBeingPrepared: /*i18n*/ {
    id: "invoice.paymentBeingPrepared",
    message: "The payment is being prepared in another window. Please try again.",
  },
  webhookNotConfigured: /*i18n*/ { id: "invoice.webhookNotConfigured", message: "Stripe webhooks are not configured" },
  webhookSignature: /*i18n*/ { id: "invoice.webhookSignature", message: "Invalid webhook signature" },
  webhookReceived: /*i18n*/ { id: "invoice.webhookReceived", message: "Webhook received" },
  paymentSucceeded: /*i18n*/ { id: "invoice.paymentSucceeded", message: "Payment succeeded" },
  paymentMethodInvalid: /*i18n*/ {
    id: "invoice.paymentMethodInvalid",
    message: "paymentMethod must be card or apple-pay",
  },
});

/** The English of each invoice message. */
export const invoiceMessages = englishTexts(invoiceMessageIds);
