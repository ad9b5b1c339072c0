import { grossFils } from "@khayl/contract/money";
import {
  openPaymentStatusValues,
  type PaymentMethodType,
  type PaymentStatus,
  type UnappliedPaymentReason,
} from "@khayl/contract/payment-values";
import type { Db, Tx } from "@khayl/db/client";
import { accounts, invoiceLinkTokenHash, invoices, payments, webhookEvents } from "@khayl/db/schema";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";

type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * An invoice with its customer (null fields once the account is deleted) and the payment that
 * paid it (succeeded, with no `unappliedReason`).
 */
export interface InvoiceRecord {
  invoice: InvoiceRow;
  customer: { id: number; displayName: string | null; email: string | null; phoneNumber: string | null } | null;
  payment: PaymentRow | null;
}

/** The invoice's payment that paid it: at most one (unique partial index `payments_one_applied_per_invoice`). */
const paidBy = (invoiceId: number) =>
  and(eq(payments.invoiceId, invoiceId), eq(payments.status, "succeeded"), isNull(payments.unappliedReason));

async function withRelations(db: Db | Tx, invoice: InvoiceRow | undefined): Promise<InvoiceRecord | undefined> {
  if (!invoice) return undefined;
  const [customer] = invoice.accountId
    ? await db
        .select({
          id: accounts.id,
          displayName: accounts.displayName,
          email: accounts.email,
          phoneNumber: accounts.phoneNumber,
        })
        .from(accounts)
        .where(eq(accounts.id, invoice.accountId))
        .limit(1)
    : [];
  const [payment] = await db.select().from(payments).where(paidBy(invoice.id)).limit(1);
  return { invoice, customer: customer ?? null, payment: payment ?? null };
}

/**
 * The invoice whose link token is `token` (found by its hash: `invoiceLinkTokenHash`,
 * architecture §3.8), with its customer and successful payment.
 */
export async function findInvoiceByToken(db: Db | Tx, token: string): Promise<InvoiceRecord | undefined> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.linkTokenHash, invoiceLinkTokenHash(token)))
    .limit(1);
  return withRelations(db, invoice);
}

/** The invoice with this id, with its customer and successful payment. */
export async function findInvoiceById(db: Db | Tx, id: number): Promise<InvoiceRecord | undefined> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return withRelations(db, invoice);
}

/** The invoice's open payment (at most one: unique partial index), if any. */
export async function findOpenPayment(db: Db | Tx, invoiceId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, [...openPaymentStatusValues])))
    .limit(1);
  return row;
}

/**
 * The invoice's payments in one read: `total`, of any status and age (numbers the next
 * idempotency key), and `recent`, those made since `since`, with the first one's time
 * (`firstRecent`): the per-invoice budget of new payments counts payments, not requests, so
 * concurrent first calls converging on one payment count once.
 */
export async function paymentCounts(
  db: Db | Tx,
  invoiceId: number,
  since: Date,
): Promise<{ total: number; recent: number; firstRecent: Date | null }> {
  const after = sql`${payments.createdAt} >= ${since.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      total: count(),
      recent: sql<number>`count(*) filter (where ${after})`,
      firstRecent: sql<string | null>`min(${payments.createdAt}) filter (where ${after})`,
    })
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId));
  return {
    total: Number(row?.total ?? 0),
    recent: Number(row?.recent ?? 0),
    firstRecent: row?.firstRecent ? new Date(row.firstRecent) : null,
  };
}

/**
 * Records a new open payment unless its idempotency key or the invoice's one-open-payment
 * rule already holds a row; answers the row that holds the key (the one a concurrent
 * request inserted, when it was first), or undefined when another open payment exists.
 */
export async function insertPayment(db: Db, row: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  await db.insert(payments).values(row).onConflictDoNothing();
  const [stored] = await db.select().from(payments).where(eq(payments.idempotencyKey, row.idempotencyKey)).limit(1);
  return stored;
}

/** The invoice's payment whose provider id is `providerPaymentId`. */
export async function findPayment(
  db: Db | Tx,
  invoiceId: number,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return row;
}

/** The payment with this provider id (webhooks), whatever its invoice. */
export async function findPaymentByProviderId(db: Db | Tx, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  return row;
}

/**
 * Mirrors a provider status (and failure message) onto a payment that is still open. A
 * closed one (succeeded, canceled) stays closed: Stripe does not promise to deliver events
 * in order, and a late `payment_failed` must not reopen a payment replaced since (a second
 * open payment breaks `payments_one_open_per_invoice`).
 */
export async function updatePaymentStatus(
  db: Db | Tx,
  paymentId: number,
  status: PaymentStatus,
  failureMessage: string | null,
): Promise<void> {
  await db
    .update(payments)
    .set({ status, failureMessage, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...openPaymentStatusValues])));
}

/**
 * Switches an open payment between card and Apple Pay (the amount is the same); a payment
 * that closed meanwhile keeps the method it was paid with (the receipt prints it).
 */
export async function setPaymentMethod(db: Db, paymentId: number, paymentMethod: PaymentMethodType): Promise<void> {
  await db
    .update(payments)
    .set({ paymentMethod, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...openPaymentStatusValues])));
}

/** How `markInvoicePaid` settled a payment, with the invoice as it read it (for the log). */
export interface Settlement {
  /**
   * 'marked' when this call paid the invoice; 'already' when the same payment had; 'other'
   * when another payment had; 'amount-changed' when the invoice is unpaid but its gross
   * (total + card fee, fils) is not the amount the payment charged. In the last two the
   * invoice is unchanged and the payment is recorded as succeeded with that reason.
   */
  outcome: "marked" | "already" | "other" | "amount-changed";
  /**
   * True when this call recorded the payment as a charge to refund ('other', 'amount-changed');
   * false when an earlier call had (its reason then kept).
   */
  firstTime: boolean;
  refNumber: string;
  /** The invoice's total now, fils, VAT included. */
  totalFils: number;
}

/**
 * Settles a payment the provider reported succeeded (the intent's own checks, `matchesInvoice`,
 * are the caller's), in the caller's transaction: reads the invoice row with a lock (which
 * serialises concurrent confirmations) and marks it paid by `payment` only when it is unpaid
 * and its gross today (`grossFils` of the current total) is the amount the payment charged
 * (architecture §3.8: paid only for this invoice and this amount). A payment that succeeded
 * but does not pay it (the total changed while the customer paid, or another payment paid it
 * first) is recorded as succeeded with its `unappliedReason`, a charge to refund. Throws when
 * the invoice does not exist (a payment row always has one).
 */
export async function markInvoicePaid(
  tx: Tx,
  invoiceId: number,
  payment: Pick<PaymentRow, "id" | "amountFils">,
  details: { paymentMethod: PaymentMethodType; cardBrand: string | null; cardLast4: string | null },
): Promise<Settlement> {
  const [invoice] = await tx
    .select({ status: invoices.status, totalFils: invoices.totalFils, refNumber: invoices.refNumber })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .limit(1)
    .for("update");
  if (!invoice) throw new Error(`invoice ${invoiceId} not found`);
  const read = { refNumber: invoice.refNumber, totalFils: invoice.totalFils };
  const succeeded = { status: "succeeded" as const, failureMessage: null, ...details, updatedAt: sql`now()` };
  if (invoice.status === "unpaid" && grossFils(invoice.totalFils) === payment.amountFils) {
    await tx.update(invoices).set({ status: "paid", paidAt: sql`now()` }).where(eq(invoices.id, invoiceId));
    await tx
      .update(payments)
      .set({ ...succeeded, unappliedReason: null })
      .where(eq(payments.id, payment.id));
    return { outcome: "marked", firstTime: true, ...read };
  }
  if (invoice.status === "paid") {
    const [winner] = await tx.select({ id: payments.id }).from(payments).where(paidBy(invoiceId)).limit(1);
    if (winner?.id === payment.id) return { outcome: "already", firstTime: false, ...read };
  }
  const reason: UnappliedPaymentReason = invoice.status === "paid" ? "invoice-paid" : "amount-changed";
  // Only a row not yet recorded as a charge to refund changes (whatever its reason then), so
  // the charge is logged once: a late webhook of an 'amount-changed' charge, after another
  // payment paid the invoice, is the same charge.
  const recorded = await tx
    .update(payments)
    .set({ ...succeeded, unappliedReason: reason })
    .where(
      and(eq(payments.id, payment.id), sql`(${payments.status} <> 'succeeded' or ${payments.unappliedReason} is null)`),
    )
    .returning({ id: payments.id });
  return {
    outcome: reason === "invoice-paid" ? "other" : "amount-changed",
    firstTime: recorded.length > 0,
    ...read,
  };
}

/** Records a webhook event id; answers false when it was already recorded (a redelivery). */
export async function recordWebhookEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(webhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length === 1;
}
