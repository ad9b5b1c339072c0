import { randomBytes, timingSafeEqual } from "node:crypto";
import { cardBrand, last4 } from "@khayl/contract/card-rules";
import { invoiceMessageIds, type sandboxConfirmBodySchema } from "@khayl/contract/invoices";
import { sandboxOutcome } from "@khayl/contract/sandbox-cards";
import type { Db } from "@khayl/db/client";
import type { z } from "zod";
import { HttpError } from "../../../http/errors.ts";
import type { Hasher } from "../../../secret-key.ts";
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from "./provider.ts";
import {
  type ConfirmationRecord,
  cancelOpenIntent,
  failIntent,
  findIntent,
  insertOrGetIntent,
  type SandboxIntentRow,
  succeedIntent,
} from "./sandbox-repository.ts";

/**
 * The offline sandbox provider (architecture §3.8): behaves like Stripe's PaymentIntents in
 * test mode so the payment flow has the same shape with no network. Its state lives in
 * the `sandbox_payment_intents` table (shared by every instance). Stripe's test cards
 * decide the outcome (`@khayl/contract/sandbox-cards`).
 */

const randomId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;

/**
 * The client secret of the sandbox intent `id`, in Stripe's shape: `{id}_secret_` and the
 * HMAC of the id under the server secret (`hasher`, purpose `sandbox-client-secret`).
 * Derived on demand, never stored (architecture §3.8): a copy of the database confirms no
 * sandbox payment, and a secret confirms only its own intent. Rotating `SECRET_KEY` changes
 * the secret of intents still open; a page holding the old one is refused ('The client
 * secret does not match this payment intent') and is given the new one when reloaded.
 */
function sandboxClientSecret(hasher: Hasher, id: string): string {
  return `${id}_secret_${hasher.hash("sandbox-client-secret", id)}`;
}

function toProviderIntent(hasher: Hasher, row: SandboxIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: sandboxClientSecret(hasher, row.id),
    status: row.status,
    amountFils: row.amountFils,
    currency: row.currency,
    metadata: row.metadata,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4, wallet: row.wallet } : null,
    lastErrorMessage: row.lastErrorMessage,
  };
}

/** The sandbox provider over `db`, its client secrets keyed by `hasher` (`sandboxClientSecret`). */
export function createSandboxProvider(db: Db, hasher: Hasher): PaymentProvider {
  return {
    name: "sandbox",
    testMode: true,
    publishableKey: null,
    async createIntent(input: CreateIntentInput) {
      const row = await insertOrGetIntent(db, {
        id: randomId("pi"),
        idempotencyKey: input.idempotencyKey,
        amountFils: input.amountFils,
        currency: input.currency,
        status: "requires_payment_method",
        metadata: input.metadata,
        description: input.description,
      });
      return toProviderIntent(hasher, row);
    },
    async retrieveIntent(id: string) {
      const row = await findIntent(db, id);
      return row ? toProviderIntent(hasher, row) : null;
    },
    async cancelIntent(id: string) {
      const row = (await cancelOpenIntent(db, id)) ?? (await findIntent(db, id));
      return row ? toProviderIntent(hasher, row) : null;
    },
  };
}

/**
 * 400 for an intent no longer open, saying how it closed: 'This payment was canceled. Please
 * reload the invoice.' (canceled: its invoice's amount changed, or the invoice was paid
 * otherwise), else 'This payment has already succeeded'. Reads the intent again: a
 * concurrent confirmation may have closed it since it was read.
 */
async function notOpen(db: Db, id: string): Promise<HttpError> {
  const now = await findIntent(db, id);
  return new HttpError(
    400,
    now?.status === "canceled" ? invoiceMessageIds.intentCanceled : invoiceMessageIds.intentUnexpectedState,
  );
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `POST /invoices-v2/sandbox-confirm-payment`: what Stripe's servers do when Stripe.js
 * confirms an intent with a card. Checks the client secret (`sandboxClientSecret` under
 * `hasher`), then, in one conditional update, charges (4242… and any other valid card) or
 * records the decline (4000 0000 0000 0002 → 402 'Your card was declined.', …9995 → 402
 * 'Your card has insufficient funds.'). Only brand and last 4 digits are stored. Throws 404
 * for an unknown intent, 400 for a wrong client secret or an intent that is no longer open
 * ('This payment has already succeeded', or 'This payment was canceled. Please reload the
 * invoice.').
 */
export async function confirmSandboxIntent(db: Db, hasher: Hasher, body: z.output<typeof sandboxConfirmBodySchema>) {
  const intent = await findIntent(db, body.paymentIntentId);
  if (!intent) throw new HttpError(404, invoiceMessageIds.intentNotFound);
  if (!sameSecret(sandboxClientSecret(hasher, intent.id), body.clientSecret))
    throw new HttpError(400, invoiceMessageIds.intentClientSecret);
  const method = body.paymentMethod;
  const record: ConfirmationRecord =
    method.type === "card"
      ? {
          paymentMethodId: randomId("pm"),
          cardBrand: cardBrand(method.card.number),
          cardLast4: last4(method.card.number),
          wallet: null,
          billingCountry: method.billingDetails.country,
        }
      : {
          paymentMethodId: randomId("pm"),
          cardBrand: "visa",
          cardLast4: "4242",
          wallet: "apple_pay",
          billingCountry: method.billingDetails?.country ?? null,
        };
  const outcome = method.type === "card" ? sandboxOutcome(method.card.number) : "succeeded";
  if (outcome === "succeeded") {
    const charged = await succeedIntent(db, intent.id, record);
    if (!charged) throw await notOpen(db, intent.id);
    return {
      id: charged.id,
      status: "succeeded" as const,
      paymentMethod: {
        id: record.paymentMethodId,
        brand: record.cardBrand,
        last4: record.cardLast4,
        wallet: record.wallet,
      },
    };
  }
  const message =
    outcome === "insufficient_funds" ? invoiceMessageIds.insufficientFunds : invoiceMessageIds.cardDeclined;
  const failed = await failIntent(db, intent.id, {
    ...record,
    lastErrorCode: outcome,
    lastErrorMessage: message.message,
  });
  if (!failed) throw await notOpen(db, intent.id);
  throw new HttpError(402, message);
}
