import type { Env } from "@khayl/config/env";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import type { Db } from "@khayl/db/client";
import type { FastifyBaseLogger } from "fastify";
import type { Hasher } from "../../secret-key.ts";
import type { BoundedCache } from "./bounded-cache.ts";
import type { PaymentProvider, ProviderIntent } from "./payments/provider.ts";
import { markInvoicePaid, type PaymentRow } from "./repository.ts";

/**
 * What the invoice view, the payment calls and the webhook share (architecture §3.8): their
 * dependencies, and the one way an invoice becomes paid: the provider reported an intent
 * succeeded, for this invoice and this amount, and the invoice row is marked paid by it.
 */

/** What the invoice services need: the database, the configuration and the payment provider. */
export interface InvoiceDeps {
  db: Db;
  env: Env;
  provider: PaymentProvider;
  /** The keyed hash under the server secret: the sandbox derives its client secrets with it (`sandboxClientSecret`). */
  hasher: Hasher;
  log?: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /**
   * When this process last asked the provider about each open payment (ms since the epoch,
   * by provider payment id) to show an invoice (`recordByLink`'s `viewOnly`); without it
   * every view asks.
   */
  providerChecks?: BoundedCache<number>;
}

/**
 * True when a provider intent belongs to this invoice and payment: the invoice id in its
 * metadata, the amount (fils) the payment asked for, and AED. Anything else never pays it.
 */
export function matchesInvoice(intent: ProviderIntent, invoiceId: number, payment: PaymentRow): boolean {
  return (
    intent.metadata.invoiceId === String(invoiceId) &&
    intent.amountFils === payment.amountFils &&
    intent.currency.toLowerCase() === "aed"
  );
}

/**
 * How a successful payment is recorded: by what the provider says charged, Apple Pay when the
 * card came from that wallet and a card otherwise, with brand and last 4 only. The method
 * asked for (`payment.paymentMethod`) counts only when the provider reports no card: it is
 * the last one any tab of the invoice asked for, and a card paying in one tab after another
 * tab dismissed the Apple Pay sheet was recorded, shown and printed as Apple Pay.
 */
export function paidDetails(
  intent: ProviderIntent,
  payment: PaymentRow,
): { paymentMethod: PaymentMethodType; cardBrand: string | null; cardLast4: string | null } {
  const charged = intent.card ? (intent.card.wallet === "apple_pay" ? "apple-pay" : "card") : undefined;
  return {
    paymentMethod: charged ?? payment.paymentMethod,
    cardBrand: intent.card?.brand ?? null,
    cardLast4: intent.card?.last4 ?? null,
  };
}

/**
 * Marks the invoice paid by `payment` after the provider reported `intent` succeeded (the
 * checks of `matchesInvoice` are the caller's). Answers 'marked' when this call paid it,
 * 'already' when the same payment had, 'other' when another payment had (logged as an
 * error: a second charge to refund by hand).
 */
export async function settle(
  deps: InvoiceDeps,
  invoiceId: number,
  payment: PaymentRow,
  intent: ProviderIntent,
): Promise<"marked" | "already" | "other"> {
  const details = paidDetails(intent, payment);
  const outcome = await deps.db.transaction((tx) => markInvoicePaid(tx, invoiceId, payment.id, details));
  if (outcome === "marked")
    deps.log?.info({ invoiceId, paymentId: payment.id, amountFils: payment.amountFils }, "invoice paid");
  if (outcome === "other")
    deps.log?.error({ invoiceId, paymentId: payment.id }, "a second payment succeeded for a paid invoice");
  return outcome;
}
