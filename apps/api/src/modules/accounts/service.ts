import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Env } from "@khayl/config/env";
import { invalidCodeMessage } from "@khayl/contract/account-deletion";
import { OTP_LENGTH } from "@khayl/contract/contact-rules";
import type { Db } from "@khayl/db/client";
import { HttpError } from "../../http/errors.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { enqueueMails } from "../mail/repository.ts";
import { deletionCodeMail } from "../mail/templates.ts";
import { consumeCode, eraseAccount, findLiveAccountByEmail, insertCode, retireCodes, spendTry } from "./repository.ts";

/** architecture §3.7: codes expire after 10 minutes and allow 5 tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_TRIES = 5;
/** Asks per e-mail address: 3 per 15 minutes. */
export const ASK_PER_EMAIL = { max: 3, windowMs: 15 * 60_000 };
/** Confirmations per e-mail address: 10 per 15 minutes (on top of 5 tries per code). */
export const CONFIRM_PER_EMAIL = { max: 10, windowMs: 15 * 60_000 };
/**
 * Daily caps per e-mail address. A 4-digit code (product §9) has 10 000 values, so the
 * guesses an attacker may make against one account, from any number of clients, are
 * what protects it: 20 a day is a 0.2 % chance per day (the 15-minute limits alone
 * allowed ~960 a day, ~10 %). A real user needs one or two.
 */
export const ASK_PER_EMAIL_DAY = { max: 10, windowMs: 24 * 3_600_000 };
export const CONFIRM_PER_EMAIL_DAY = { max: 20, windowMs: 24 * 3_600_000 };

/** Counts one hit on every limit (all are counted, so a refused call still uses the day's budget). */
async function withinLimits(db: Db, key: string, limits: { max: number; windowMs: number }[]): Promise<void> {
  const results = await Promise.all(limits.map((limit) => consumeRateLimit(db, `${key}:${limit.windowMs}`, limit)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) throw tooMany(Math.max(...refused.map((r) => r.retryAfterMs)));
}

function tooMany(retryAfterMs: number): HttpError {
  return new HttpError(
    429,
    `Too many requests, please try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds`,
  );
}

/** `salt$sha256(salt:email:code)`: only this is stored, never the code. */
export function hashCode(email: string, code: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}$${createHash("sha256").update(`${salt}:${email}:${code}`).digest("hex")}`;
}

function codeMatches(stored: string, email: string, code: string): boolean {
  const [salt] = stored.split("$");
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(email, code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * `GET /auth/ask-delete-account` (product §7, architecture §3.7). Answers alike whether or not
 * the account exists: the same work is done either way (a code is generated, hashed
 * and stored for the address in one transaction); only when the account exists is the
 * e-mail queued in that transaction. Throws 429 after `ASK_PER_EMAIL` asks (or
 * `ASK_PER_EMAIL_DAY` in a day).
 */
export async function askDeleteAccount(db: Db, env: Env, rawEmail: string): Promise<null> {
  const email = rawEmail.toLowerCase();
  await withinLimits(db, `ask:${email}`, [ASK_PER_EMAIL, ASK_PER_EMAIL_DAY]);
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const codeHash = hashCode(email, code);
  await db.transaction(async (tx) => {
    const account = await findLiveAccountByEmail(tx, email);
    await retireCodes(tx, email);
    await insertCode(tx, email, codeHash, new Date(Date.now() + CODE_TTL_MS));
    if (account) await enqueueMails(tx, [deletionCodeMail(email, code, env.COMPANY_NAME, CODE_TTL_MS / 60_000)]);
  });
  return null;
}

/**
 * `POST /auth/confrim-delete-account` (product §7): checks the code (one try spent per
 * call, at most 5 per code, 10 minutes), then erases the account's personal data and
 * records the deletion. Every refusal answers 400 'Invalid or expired verification code';
 * over `CONFIRM_PER_EMAIL` (or `CONFIRM_PER_EMAIL_DAY`) tries it throws 429.
 */
export async function confirmDeleteAccount(db: Db, rawEmail: string, otpCode: string): Promise<null> {
  const email = rawEmail.toLowerCase();
  await withinLimits(db, `confirm:${email}`, [CONFIRM_PER_EMAIL, CONFIRM_PER_EMAIL_DAY]);
  const code = await spendTry(db, email, MAX_CODE_TRIES);
  if (!code || !codeMatches(code.codeHash, email, otpCode)) throw new HttpError(400, invalidCodeMessage);
  await db.transaction(async (tx) => {
    const account = await findLiveAccountByEmail(tx, email);
    if (!account || !(await consumeCode(tx, code.id))) throw new HttpError(400, invalidCodeMessage);
    await eraseAccount(tx, account.id);
    await retireCodes(tx, email);
  });
  return null;
}
