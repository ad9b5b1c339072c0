import type { Db, Tx } from "@khayl/db/client";
import { accountDeletions, accounts, verificationCodes } from "@khayl/db/schema";
import { and, desc, eq, isNull, sql } from "drizzle-orm";

export const DELETE_ACCOUNT_PURPOSE = "delete-account";

/** The live (not deleted) account with this e-mail, compared case-insensitively. */
export async function findLiveAccountByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, isNull(accounts.deletedAt)))
    .limit(1);
  return row;
}

/** Retires every open deletion code of `email` (a new ask replaces the old code). */
export async function retireCodes(tx: Tx, email: string): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, DELETE_ACCOUNT_PURPOSE),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

/** Stores a code's hash with its expiry. */
export async function insertCode(tx: Tx, email: string, codeHash: string, expiresAt: Date): Promise<void> {
  await tx.insert(verificationCodes).values({ email, codeHash, expiresAt, purpose: DELETE_ACCOUNT_PURPOSE });
}

/**
 * Spends one try of the newest open, unexpired deletion code of `email`, atomically:
 * answers the code's hash when a try was left (at most `maxTries` per code, counted in
 * `failed_attempts`), or undefined when there is no usable code.
 */
export async function spendTry(
  db: Db,
  email: string,
  maxTries: number,
): Promise<{ id: number; codeHash: string } | undefined> {
  const [latest] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, DELETE_ACCOUNT_PURPOSE),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!latest) return undefined;
  const [row] = await db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        sql`${verificationCodes.failedAttempts} < ${maxTries}`,
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    )
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  return row;
}

/** Marks a code used; answers false when another request used it first. */
export async function consumeCode(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Erases the account's personal data (name, e-mail, phone) and records the deletion. */
export async function eraseAccount(tx: Tx, accountId: number): Promise<void> {
  await tx
    .update(accounts)
    .set({ displayName: null, email: null, phoneNumber: null, deletedAt: sql`now()` })
    .where(eq(accounts.id, accountId));
  await tx.insert(accountDeletions).values({ accountId });
}
