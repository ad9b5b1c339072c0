import { type CardWallet, openPaymentStatusValues } from "@khayl/contract/payment-values";
import type { Db } from "@khayl/db/client";
import { sandboxPaymentIntents } from "@khayl/db/schema";
import { and, eq, inArray, sql } from "drizzle-orm";

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

/**
 * Inserts a sandbox intent unless one with the same idempotency key exists, and answers
 * the intent stored under that key (so a repeated create gives the first intent).
 */
export async function insertOrGetIntent(
  db: Db,
  row: typeof sandboxPaymentIntents.$inferInsert,
): Promise<SandboxIntentRow> {
  await db
    .insert(sandboxPaymentIntents)
    .values(row)
    .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey });
  const [stored] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.idempotencyKey, row.idempotencyKey))
    .limit(1);
  if (!stored) throw new Error("sandbox intent vanished after insert");
  return stored;
}

/** The sandbox payment intent with this id, or undefined. */
export async function findIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)).limit(1);
  return row;
}

/** What a confirmation records about the card: never the number, only brand and last 4. */
export interface ConfirmationRecord {
  paymentMethodId: string;
  cardBrand: string;
  cardLast4: string;
  wallet: CardWallet | null;
  billingCountry: string | null;
}

/**
 * Moves an open intent to `succeeded` in one conditional update, so that of two
 * concurrent confirmations only one charges. Answers the updated row, or undefined
 * when the intent was no longer open.
 */
export async function succeedIntent(
  db: Db,
  id: string,
  record: ConfirmationRecord,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ ...record, status: "succeeded", lastErrorCode: null, lastErrorMessage: null, updatedAt: sql`now()` })
    .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, [...openPaymentStatusValues])))
    .returning();
  return row;
}

/** Cancels an open intent (one conditional update, like `succeedIntent`); undefined when it was not open. */
export async function cancelOpenIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ status: "canceled", updatedAt: sql`now()` })
    .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, [...openPaymentStatusValues])))
    .returning();
  return row;
}

/** Records a failed confirmation on an open intent (it stays confirmable with another card). */
export async function failIntent(
  db: Db,
  id: string,
  record: ConfirmationRecord & { lastErrorCode: string; lastErrorMessage: string },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ ...record, status: "requires_payment_method", updatedAt: sql`now()` })
    .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, [...openPaymentStatusValues])))
    .returning();
  return row;
}
