import { createHash } from "node:crypto";
import { MAX_INVOICE_TOTAL_FILS } from "@khayl/contract/money";
import {
  cardWalletValues,
  invoiceStatusValues,
  openPaymentStatusValues,
  paymentMethodTypeValues,
  paymentProviderValues,
  paymentStatusValues,
  unappliedPaymentReasonValues,
} from "@khayl/contract/payment-values";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { createdAt, isIn, ts } from "./columns.ts";

/**
 * Invoices and their payments (product §3 Invoice, architecture §3.8). Amounts in fils;
 * statuses are checked against the contract's value lists.
 */

/**
 * What `invoices.link_token_hash` holds for a link token: its SHA-256, hex. A plain hash, not
 * an HMAC: the token carries 256 random bits, so it cannot be found from its hash, and links
 * already sent keep working when `SECRET_KEY` is rotated (docs/deploy.md).
 */
export function invoiceLinkTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Invoices payable by link (product §3 Invoice). Amounts in fils. */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    refNumber: text("ref_number").notNull().unique(),
    /**
     * SHA-256 (hex) of the unguessable link token (≥128 bits, base64url) of /invoice/{hash}:
     * `invoiceLinkTokenHash`. The token itself is kept nowhere on the server, so a copy of
     * the database opens no invoice (architecture §3.8).
     */
    linkTokenHash: text("link_token_hash").notNull().unique(),
    accountId: integer("account_id").references(() => accounts.id),
    /** Lines: description, quantity, unit price in fils (VAT-exclusive), VAT rate in percent. */
    lines: jsonb("lines")
      .$type<
        {
          description: string;
          descriptionAr?: string;
          quantity: number;
          unitPriceFils: number;
          vatRatePercent: number;
        }[]
      >()
      .notNull(),
    /** Invoice total in fils, VAT included. */
    totalFils: integer("total_fils").notNull(),
    dueDate: ts("due_date").notNull(),
    dueDisplay: text("due_display"),
    status: text("status", { enum: invoiceStatusValues }).notNull().default("unpaid"),
    paidAt: ts("paid_at"),
    createdAt: createdAt(),
  },
  () => [
    check("invoices_status_check", isIn("status", invoiceStatusValues)),
    // A payable total whose gross fits the payments' integer columns (contract money.ts).
    check("invoices_total_fils_check", sql.raw(`total_fils between 1 and ${MAX_INVOICE_TOTAL_FILS}`)),
  ],
);

/** Payments of invoices through a provider (architecture §3.8). Amounts in fils. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    provider: text("provider", { enum: paymentProviderValues }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    paymentMethod: text("payment_method", { enum: paymentMethodTypeValues }).notNull(),
    amountFils: integer("amount_fils").notNull(),
    feeFils: integer("fee_fils").notNull(),
    status: text("status", { enum: paymentStatusValues }).notNull(),
    failureMessage: text("failure_message"),
    /** Card network and last 4 digits of the paying card (never the number itself). */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /**
     * Set on a payment that succeeded at the provider without paying its invoice
     * (`unappliedPaymentReasonValues`): a charge to refund. Null on every other row.
     */
    unappliedReason: text("unapplied_reason", { enum: unappliedPaymentReasonValues }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId),
    // At most one open payment per invoice (reused on retry) and one that paid it (never paid
    // twice). A charge that did not pay it is kept as succeeded too, with its reason, to refund.
    uniqueIndex("payments_one_open_per_invoice").on(t.invoiceId).where(isIn("status", openPaymentStatusValues)),
    uniqueIndex("payments_one_applied_per_invoice")
      .on(t.invoiceId)
      .where(sql`status = 'succeeded' and unapplied_reason is null`),
    check("payments_status_check", isIn("status", paymentStatusValues)),
    check(
      "payments_unapplied_reason_check",
      sql`unapplied_reason is null or (status = 'succeeded' and ${isIn("unapplied_reason", unappliedPaymentReasonValues)})`,
    ),
    check("payments_provider_check", isIn("provider", paymentProviderValues)),
    check("payments_payment_method_check", isIn("payment_method", paymentMethodTypeValues)),
  ],
);

/**
 * The offline sandbox payment provider's own records (architecture §3.8): what Stripe keeps on
 * its servers for a PaymentIntent, kept here so every instance sees the same state.
 * Only the card's brand and last 4 digits are stored, and no client secret: the sandbox
 * derives it from the id under the server secret (migration 0012 dropped the stored ones).
 */
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountFils: integer("amount_fils").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: paymentStatusValues }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    description: text("description"),
    paymentMethodId: text("payment_method_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    wallet: text("wallet", { enum: cardWalletValues }),
    billingCountry: text("billing_country"),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  () => [
    check("sandbox_payment_intents_status_check", isIn("status", paymentStatusValues)),
    check("sandbox_payment_intents_wallet_check", isIn("wallet", cardWalletValues)),
  ],
);

/** Processed webhook events, for idempotency by event id (conventions §11). */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});
