import { z } from "zod";
import { isoDateTimeSchema, requiredStringSchema } from "./fields.ts";
import { invoiceMessages } from "./invoice-messages.ts";
import { invoiceStatusValues, paymentMethodTypeValues, paymentProviderValues } from "./payment-values.ts";

/**
 * The invoice on the wire and the bodies that name it by link (product §3 Invoice, §7,
 * architecture §3.4). Money: `total` in dirhams (at most 2 decimals); every other amount
 * twice, in integer fils (`…Fils`) and in dirhams (same name without the suffix).
 */

/**
 * The link token of `/invoice/{hash}`: base64url of at least 128 bits (22 characters;
 * the API issues 256-bit tokens of 43). Checked for shape before any lookup (400):
 * missing, null or blank is 'Invoice link is required'; anything else that is not such a
 * token (a number, an object, a string of another shape) is 'Invalid invoice link'.
 */
export const invoiceHashSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? invoiceMessages.hashRequired : invoiceMessages.hashInvalid,
  })
  .trim()
  .min(1, { error: invoiceMessages.hashRequired, abort: true })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, invoiceMessages.hashInvalid);

/** Body of `POST /invoices-v2/get-invoice-by-link` and `print-pdf-by-link` (product §7). */
export const invoiceByLinkBodySchema = z.object({ hash: invoiceHashSchema });

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
export const invoiceDataSchema = z.object({
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
export const paymentIntentDataSchema = z.object({
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

/**
 * A payment intent's id in a body (confirm-payment-by-link, the sandbox's confirmation):
 * 'paymentIntentId is required' when missing or blank, 'paymentIntentId is not valid' otherwise.
 */
export const paymentIntentIdSchema = requiredStringSchema("paymentIntentId", 255);

/** Body of `POST /invoices-v2/confirm-payment-by-link`: which intent the browser confirmed. */
export const confirmPaymentBodySchema = z.object({
  hash: invoiceHashSchema,
  paymentIntentId: paymentIntentIdSchema,
});
