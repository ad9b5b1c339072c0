import type { Env } from "@khayl/config/env";
import { grossFils } from "@khayl/contract/money";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import type { Db } from "@khayl/db/client";
import type { FastifyBaseLogger } from "fastify";
import type { Hasher } from "../../secret-key.ts";
import type { BoundedCache } from "./bounded-cache.ts";
import type { PaymentProvider, ProviderIntent } from "./payments/provider.ts";
import { markInvoicePaid, type PaymentRow, type Settlement } from "./repository.ts";

/**
 * What the invoice view, the payment calls and the webhook share (architecture §3.8): their
 * dependencies, and the one way an invoice becomes paid: the provider reported an intent
 * succeeded, for this invoice and this amount (the amount its payment asked for, which is
 * still the invoice's gross when it is settled), and the invoice row is marked paid by it.
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
 * metadata, the amount (fils) the payment asked for, and AED. Anything else never pays it;
 * whether that amount is still the invoice's gross is `markInvoicePaid`'s check, made in its
 * transaction against the total it reads.
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
 * Logs how a settlement went (`markInvoicePaid`): 'marked' at info; a charge that did not pay
 * the invoice ('other', 'amount-changed') at error, the first time it is recorded, with the
 * invoice's reference and the amounts in fils (never a link token or a client secret): a
 * charge to refund by hand, found by its payment row's `unapplied_reason`.
 */
export function logSettlement(
  deps: Pick<InvoiceDeps, "log">,
  settlement: Settlement,
  invoiceId: number,
  payment: Pick<PaymentRow, "id" | "amountFils">,
  context: Record<string, string> = {},
): void {
  const fields = {
    ...context,
    invoiceId,
    refNumber: settlement.refNumber,
    paymentId: payment.id,
    amountFils: payment.amountFils,
  };
  if (settlement.outcome === "marked") deps.log?.info(fields, "invoice paid");
  if (!settlement.firstTime) return;
  if (settlement.outcome === "other")
    deps.log?.error(fields, "a second payment succeeded for a paid invoice: refund it by hand");
  if (settlement.outcome === "amount-changed")
    deps.log?.error(
      { ...fields, invoiceTotalFils: settlement.totalFils, invoiceGrossFils: grossFils(settlement.totalFils) },
      "a payment succeeded for an amount the invoice no longer has; the invoice stays unpaid: refund it by hand",
    );
}

/**
 * Settles `payment` after the provider reported `intent` succeeded (the checks of
 * `matchesInvoice` are the caller's), in a transaction of its own (`markInvoicePaid`), and
 * logs it (`logSettlement`). Answers 'marked' when this call paid the invoice, 'already'
 * when the same payment had, 'other' when another payment had and 'amount-changed' when the
 * invoice's gross is no longer the amount charged; in the last two the invoice is unchanged
 * and the payment recorded as a succeeded charge to refund.
 */
export async function settle(
  deps: InvoiceDeps,
  invoiceId: number,
  payment: PaymentRow,
  intent: ProviderIntent,
): Promise<Settlement["outcome"]> {
  const details = paidDetails(intent, payment);
  const settlement = await deps.db.transaction((tx) => markInvoicePaid(tx, invoiceId, payment, details));
  logSettlement(deps, settlement, invoiceId, payment);
  return settlement.outcome;
}
