import { HttpError } from "@khayl/api/http/errors";
import { invoiceMessageIds } from "@khayl/contract/invoices";
import type { CardWallet, PaymentProviderName, PaymentStatus } from "@khayl/contract/payment-values";

/**
 * The payment provider interface (architecture §3.8): the server creates a payment intent for
 * an amount it computed, the browser confirms it with the provider, and the server then
 * retrieves the intent to decide whether the invoice is paid. Two implementations:
 * Stripe (PaymentIntents) and the offline sandbox, which keeps the same shape.
 */

/** An intent as the provider reports it. Amounts in fils; `currency` lower-case ISO 4217 ('aed'). */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** Stripe's PaymentIntent status (`paymentStatusValues`; the sandbox uses the same words). */
  status: PaymentStatus;
  amountFils: number;
  currency: string;
  metadata: Record<string, string>;
  /** The card it was (last) confirmed with: network, last 4 digits, wallet. */
  card: { brand: string; last4: string; wallet: CardWallet | null } | null;
  /** The provider's message for the last failed confirmation, e.g. 'Your card was declined.' */
  lastErrorMessage: string | null;
}

export interface CreateIntentInput {
  /** The gross amount to charge, in fils (total + card fee). */
  amountFils: number;
  currency: "aed";
  /** Same key, same intent: a retry can never create a second charge (Stripe idempotency). */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
  receiptEmail: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True when no real money moves (the sandbox, or Stripe test keys). */
  readonly testMode: boolean;
  /** What the browser needs to load the provider's library (Stripe), else null. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent, or null when the provider does not know it. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an open intent, so that its client secret can no longer pay it; answers the
   * intent as it then is (still open only if the provider refused, `succeeded` if it was
   * charged first), or null when the provider does not know it.
   */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
}

/**
 * The provider could not be reached or answered unexpectedly: the API answers 502 with
 * 'The payment provider could not be reached. Please try again.' (the cause is logged).
 */
export class ProviderUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(502, invoiceMessageIds.providerUnavailable);
    this.name = "ProviderUnavailableError";
    this.cause = cause;
  }
}
