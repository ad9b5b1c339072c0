import { z } from "zod";
import {
  billingCountryValues,
  cardBrand,
  cardMessages,
  cardNumberError,
  cvcError,
  digitsOnly,
  expiryError,
} from "./card-rules.ts";
import { defineEndpoint } from "./endpoint.ts";
import { isoDateTimeSchema } from "./fields.ts";
import { defineMessages, englishTexts } from "./messages.ts";
import {
  cardWalletValues,
  invoiceStatusValues,
  paymentMethodTypeValues,
  paymentProviderValues,
} from "./payment-values.ts";

/**
 * Invoice by link and its payment (product §3 Invoice, §4 Invoice page, §7, architecture §3.4 and
 * §3.8). The two calls of product §7 keep their paths and `{ hash }` bodies; the payment
 * calls are this API's extensions, named in the same style (`/invoices-v2/…-by-link`).
 *
 * Money on the wire: the product §3 field `total` is in dirhams (a number with at most 2
 * decimals); every other amount is given twice, in integer fils (`…Fils`, what the
 * server computed and charges) and in dirhams (same name without the suffix).
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
const invoiceMessages = englishTexts(invoiceMessageIds);

/**
 * The link token of `/invoice/{hash}`: base64url of at least 128 bits (22 characters;
 * the API issues 256-bit tokens of 43). Checked for shape before any lookup (400).
 */
export const invoiceHashSchema = z
  .string({ error: invoiceMessages.hashRequired })
  .trim()
  .min(1, { error: invoiceMessages.hashRequired, abort: true })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, invoiceMessages.hashInvalid);

/** Body of `POST /invoices-v2/get-invoice-by-link` and `print-pdf-by-link` (product §7). */
const invoiceByLinkBodySchema = z.object({ hash: invoiceHashSchema });

/** product §3 Payment state `selectedPaymentMethod` (`payment-values.ts`). */
const paymentMethodTypeSchema = z.enum(paymentMethodTypeValues, { error: invoiceMessages.paymentMethodInvalid });

const filsSchema = z.number().int().nonnegative();
const dirhamsSchema = z.number().nonnegative();

/** product §3 `user`: the invoice's customer; fields are null once the account is deleted. */
const invoiceUserSchema = z.object({
  id: z.number().int(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

/**
 * The invoice in `data` (product §3 fields first). `fee` is the card fee of architecture §3.4
 * (1.5 % of the total + AED 1.00, rounded to the fil) and `gross` the amount charged,
 * both computed by the server; a paid invoice also carries how and when it was paid.
 */
const invoiceDataSchema = z.object({
  id: z.number().int(),
  refNumber: z.string(),
  /** product §3: the invoice total in dirhams (VAT included). */
  total: dirhamsSchema,
  /** ISO-8601 instant (UTC); shown 'DD MMM YYYY' in Asia/Dubai. */
  dueDate: isoDateTimeSchema,
  /** Optional red badge text, e.g. 'Due in 3 days' or 'Overdue'. */
  dueDisplay: z.string().nullable(),
  user: invoiceUserSchema.nullable(),
  status: z.enum(invoiceStatusValues),
  currency: z.literal("AED"),
  totalFils: filsSchema,
  feeFils: filsSchema,
  fee: dirhamsSchema,
  grossFils: filsSchema,
  gross: dirhamsSchema,
  /** When the payment succeeded (ISO-8601, UTC); null while unpaid. */
  paidAt: isoDateTimeSchema.nullable(),
  /** How it was paid; null while unpaid. */
  paymentType: paymentMethodTypeSchema.nullable(),
  /** Card network and last 4 digits of the paying card, when known. */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** Fee and amount actually charged when paid (fils); null while unpaid. */
  paidFeeFils: filsSchema.nullable(),
  paidAmountFils: filsSchema.nullable(),
  /** The provider payments go through, and whether it takes no real money (the sandbox, or Stripe test keys). */
  paymentProvider: z.enum(paymentProviderValues),
  testMode: z.boolean(),
});
export type InvoiceData = z.output<typeof invoiceDataSchema>;

/** Body of `POST /invoices-v2/create-payment-by-link`: the link and the chosen method; never an amount. */
export const createPaymentBodySchema = z.object({
  hash: invoiceHashSchema,
  paymentMethod: paymentMethodTypeSchema.default("card"),
});

/**
 * The payment to confirm in the browser: a provider payment intent for the gross amount
 * (fils, AED), with the client secret the browser needs to confirm it (Stripe.js's
 * `confirmCardPayment`, or the sandbox's confirmation call). The same open intent is
 * answered again on a retry or a double click.
 */
const paymentIntentDataSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(paymentProviderValues),
  /** Stripe's publishable key when the provider is Stripe, else null. */
  publishableKey: z.string().nullable(),
  currency: z.literal("aed"),
  totalFils: filsSchema,
  feeFils: filsSchema,
  /** The amount of the intent: total + fee. */
  amountFils: filsSchema,
});
export type PaymentIntentData = z.output<typeof paymentIntentDataSchema>;

/** Body of `POST /invoices-v2/confirm-payment-by-link`: which intent the browser confirmed. */
export const confirmPaymentBodySchema = z.object({
  hash: invoiceHashSchema,
  paymentIntentId: z
    .string({ error: "paymentIntentId is required" })
    .trim()
    .min(1, "paymentIntentId is required")
    .max(255),
});

const billingDetailsSchema = z.object({
  country: z.enum(billingCountryValues, { error: cardMessages.countryRequired }),
  name: z.string().max(200).nullish(),
  email: z.string().max(254).nullish(),
  phone: z.string().max(40).nullish(),
});

/** Card details typed in the sandbox card form: digits (spaces allowed), 'MM / YY', CVC. */
const sandboxCardSchema = z
  .object({
    number: z.string({ error: cardMessages.numberIncomplete }).max(40).transform(digitsOnly),
    expiry: z.string({ error: cardMessages.expiryIncomplete }).max(10),
    cvc: z.string({ error: cardMessages.cvcIncomplete }).trim().max(4, cardMessages.cvcInvalid),
  })
  .superRefine((card, ctx) => {
    const numberMessage = cardNumberError(card.number);
    if (numberMessage) ctx.addIssue({ code: "custom", path: ["number"], message: numberMessage });
    const expiryMessage = expiryError(card.expiry);
    if (expiryMessage) ctx.addIssue({ code: "custom", path: ["expiry"], message: expiryMessage });
    const cvcMessage = cvcError(card.cvc, cardBrand(card.number));
    if (cvcMessage) ctx.addIssue({ code: "custom", path: ["cvc"], message: cvcMessage });
  });

/**
 * Body of `POST /invoices-v2/sandbox-confirm-payment`: the offline sandbox's stand-in for
 * Stripe's confirmation call (Stripe.js → api.stripe.com). Only the card's brand and last
 * 4 digits are kept. `apple_pay` stands for a wallet token of the test card 4242.
 */
export const sandboxConfirmBodySchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
  clientSecret: z.string().trim().min(1).max(255),
  paymentMethod: z.discriminatedUnion("type", [
    z.object({ type: z.literal("card"), card: sandboxCardSchema, billingDetails: billingDetailsSchema }),
    z.object({ type: z.literal("apple_pay"), billingDetails: billingDetailsSchema.partial().optional() }),
  ]),
});

/** The confirmed sandbox intent: status and the payment method it was confirmed with. */
const sandboxConfirmDataSchema = z.object({
  id: z.string(),
  status: z.literal("succeeded"),
  paymentMethod: z.object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    wallet: z.enum(cardWalletValues).nullable(),
  }),
});
export type SandboxConfirmData = z.output<typeof sandboxConfirmDataSchema>;

/**
 * The JSON the invoice page posts to its own resource route `/invoice/{hash}/payment`, one
 * `intent` per payment step (product §4 payment steps). Each is the body of the API call
 * the route relays, without the `hash` (the route takes it from its URL): `create` →
 * create-payment-by-link, `sandbox-confirm` → sandbox-confirm-payment, `confirm` →
 * confirm-payment-by-link. So the page, the route and the API read one schema per shape.
 */
export const paymentStepBodySchema = z.discriminatedUnion("intent", [
  createPaymentBodySchema.omit({ hash: true }).extend({ intent: z.literal("create") }),
  sandboxConfirmBodySchema.extend({ intent: z.literal("sandbox-confirm") }),
  confirmPaymentBodySchema.omit({ hash: true }).extend({ intent: z.literal("confirm") }),
]);
/** What the page sends (the schema's input: the card as typed, before the server trims it). */
export type PaymentStepBody = z.input<typeof paymentStepBodySchema>;

/**
 * The fields of a Stripe event that the webhook reads (conventions §11: parsed with zod after
 * the signature on the raw body is verified). Unknown fields pass through untouched.
 */
export const stripeWebhookEventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({ id: z.string().optional(), object: z.string().optional() }) }),
});

/** The `payment_intent` object inside a `payment_intent.*` event. */
export const stripePaymentIntentEventObjectSchema = z.looseObject({
  id: z.string(),
  object: z.literal("payment_intent"),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).default({}),
  last_payment_error: z.looseObject({ message: z.string().nullish(), code: z.string().nullish() }).nullish(),
});

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
      "succeeded for this invoice's amount, marks the invoice paid (idempotent); 402 'Payment was not successful' " +
      "otherwise",
    tags: ["invoices", "payments"],
    errors: {
      402: invoiceMessages.paymentNotSuccessful,
      409: `${invoiceMessages.alreadyPaid}, or the intent does not match this invoice`,
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
      "verified against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET (400 when it does not match); " +
      "idempotent by event id",
    tags: ["payments"],
  }),
};
