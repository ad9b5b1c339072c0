import type { Db, Tx } from "@khayl/db/client";
import { accountDeletions, accounts, deletionLocks, verificationCodes } from "@khayl/db/schema";
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";

const DELETE_ACCOUNT_PURPOSE = "delete-account";

/** The live (not deleted) account with this e-mail, compared case-insensitively. */
export async function findLiveAccountByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, isNull(accounts.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Serialises, until the end of the caller's transaction, every ask and confirmation of
 * one address (a transaction-scoped advisory lock on its hash), so counting wrong codes,
 * locking and issuing codes never race between requests or instances.
 */
export async function serialiseAddress(tx: Tx, emailHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deletion:${emailHash}`}, 0))`);
}

/**
 * Serialises deletion confirmations site-wide for the rest of the transaction `tx` (a
 * transaction advisory lock), so the site's and a client's hourly budgets of wrong codes
 * (architecture §3.7 "Many addresses") are read, spent and counted by one confirmation at a
 * time: checked, then counted after the comparison, concurrent confirmations for other
 * addresses all passed the check first. Taken before `serialiseAddress`, never after.
 */
export async function serialiseConfirmations(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('deletion-confirmations', 0))`);
}

/** An unexpired, unused deletion code with tries left. */
export interface LiveCode {
  id: number;
  clientHash: string;
  codeHash: string;
}

/** The live deletion codes of an address, newest first (`maxTries`: wrong tries a code allows). */
export async function liveCodesOf(tx: Tx, emailHash: string, maxTries: number): Promise<LiveCode[]> {
  return tx
    .select({
      id: verificationCodes.id,
      clientHash: verificationCodes.clientHash,
      codeHash: verificationCodes.codeHash,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.emailHash, emailHash),
        eq(verificationCodes.purpose, DELETE_ACCOUNT_PURPOSE),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
        lt(verificationCodes.failedAttempts, maxTries),
      ),
    )
    .orderBy(desc(verificationCodes.id));
}

/** Retires codes (used, or replaced by their client's new ask). */
export async function retireCodes(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(inArray(verificationCodes.id, ids), isNull(verificationCodes.consumedAt)));
}

/** Stores a code's HMAC with its address's and client's and its expiry. */
export async function insertCode(
  tx: Tx,
  values: { emailHash: string; clientHash: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(verificationCodes).values({ ...values, purpose: DELETE_ACCOUNT_PURPOSE });
}

/** Counts one wrong try on each of these codes. */
export async function countWrongTry(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(inArray(verificationCodes.id, ids));
}

/** Milliseconds left of the address's deletion lock, or 0 when it is not locked. */
export async function lockedForMs(tx: Tx, emailHash: string): Promise<number> {
  const [row] = await tx
    .select({
      ms: sql<number>`greatest(0, ceil(extract(epoch from (${deletionLocks.lockedUntil} - now())) * 1000))::float8`,
    })
    .from(deletionLocks)
    .where(and(eq(deletionLocks.emailHash, emailHash), gt(deletionLocks.lockedUntil, sql`now()`)));
  return row ? Number(row.ms) : 0;
}

/**
 * Adds `wrong` failed code comparisons to the address's count; when the count reaches
 * `lockAfter`, locks the address's deletion for `firstLockMs` × 2^(locks so far, at most 10) and
 * starts the count again. Answers whether this call locked it.
 */
export async function recordWrongCodes(
  tx: Tx,
  emailHash: string,
  wrong: number,
  policy: { lockAfter: number; firstLockMs: number },
): Promise<boolean> {
  const [row] = await tx
    .insert(deletionLocks)
    .values({ emailHash, wrongCodes: wrong })
    .onConflictDoUpdate({
      target: deletionLocks.emailHash,
      set: { wrongCodes: sql`${deletionLocks.wrongCodes} + ${wrong}`, lastWrongAt: sql`now()` },
    })
    .returning({ wrongCodes: deletionLocks.wrongCodes });
  if (!row || row.wrongCodes < policy.lockAfter) return false;
  await tx
    .update(deletionLocks)
    .set({
      wrongCodes: 0,
      locks: sql`${deletionLocks.locks} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${policy.firstLockMs / 1000} * power(2, least(${deletionLocks.locks}, 10)))`,
    })
    .where(eq(deletionLocks.emailHash, emailHash));
  return true;
}

/** Forgets an address's codes and lock (its account is deleted: decision 014). */
export async function forgetAddress(tx: Tx, emailHash: string): Promise<void> {
  await tx.delete(verificationCodes).where(eq(verificationCodes.emailHash, emailHash));
  await tx.delete(deletionLocks).where(eq(deletionLocks.emailHash, emailHash));
}

/** Erases the account's personal data (name, e-mail, phone) and records the deletion. */
export async function eraseAccount(tx: Tx, accountId: number): Promise<void> {
  await tx
    .update(accounts)
    .set({ displayName: null, email: null, phoneNumber: null, deletedAt: sql`now()` })
    .where(eq(accounts.id, accountId));
  await tx.insert(accountDeletions).values({ accountId });
}
