import { z } from "zod";
import {
  billingCountryValues,
  cardBrand,
  cardMessages,
  cardNumberError,
  cvcError,
  digitsOnly,
  expiryError,
  monthStillSomewhere,
} from "./card-rules.ts";
import { requiredStringSchema } from "./fields.ts";
import { confirmPaymentBodySchema, createPaymentBodySchema, paymentIntentIdSchema } from "./invoice-schemas.ts";
import { cardWalletValues } from "./payment-values.ts";

/**
 * The payment steps of an invoice (product §4 payment steps, architecture §3.8): the offline
 * sandbox's card confirmation, the body the invoice page posts to its payment route, and the
 * fields of Stripe's webhook events the API reads.
 */

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
    const expiryMessage = expiryError(card.expiry, monthStillSomewhere());
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
  paymentIntentId: paymentIntentIdSchema,
  clientSecret: requiredStringSchema("clientSecret", 255),
  paymentMethod: z.discriminatedUnion("type", [
    z.object({ type: z.literal("card"), card: sandboxCardSchema, billingDetails: billingDetailsSchema }),
    z.object({ type: z.literal("apple_pay"), billingDetails: billingDetailsSchema.partial().optional() }),
  ]),
});

/** The confirmed sandbox intent: status and the payment method it was confirmed with. */
export const sandboxConfirmDataSchema = z.object({
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
