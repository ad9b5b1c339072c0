import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Env } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";
import { invalidCodeMessage } from "@khayl/contract/account-deletion";
import { OTP_LENGTH } from "@khayl/contract/contact-rules";
import { HttpError } from "../../http/errors.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { enqueueMails } from "../mail/repository.ts";
import { deletionCodeMail } from "../mail/templates.ts";
import { consumeCode, eraseAccount, findLiveAccountByEmail, insertCode, retireCodes, spendTry } from "./repository.ts";

/** DESIGN §3.7: codes expire after 10 minutes and allow 5 tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_TRIES = 5;
/** Asks per e-mail address: 3 per 15 minutes. */
export const ASK_PER_EMAIL = { max: 3, windowMs: 15 * 60_000 };
/** Confirmations per e-mail address: 10 per 15 minutes (on top of 5 tries per code). */
export const CONFIRM_PER_EMAIL = { max: 10, windowMs: 15 * 60_000 };

function tooMany(retryAfterMs: number): HttpError {
  return new HttpError(429, `Too many requests, please try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds`);
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
 * `GET /auth/ask-delete-account` (SPEC §7, DESIGN §3.7). Answers alike whether or not
 * the account exists: the same work is done either way (a code is generated, hashed
 * and stored for the address in one transaction); only when the account exists is the
 * e-mail queued in that transaction. Throws 429 after `ASK_PER_EMAIL` asks.
 */
export async function askDeleteAccount(db: Db, env: Env, rawEmail: string): Promise<null> {
  const email = rawEmail.toLowerCase();
  const limit = await consumeRateLimit(db, `ask:${email}`, ASK_PER_EMAIL);
  if (!limit.allowed) throw tooMany(limit.retryAfterMs);
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
 * `POST /auth/confrim-delete-account` (SPEC §7): checks the code (one try spent per
 * call, at most 5 per code, 10 minutes), then erases the account's personal data and
 * records the deletion. Every refusal answers 400 'Invalid or expired verification code'.
 */
export async function confirmDeleteAccount(db: Db, rawEmail: string, otpCode: string): Promise<null> {
  const email = rawEmail.toLowerCase();
  const limit = await consumeRateLimit(db, `confirm:${email}`, CONFIRM_PER_EMAIL);
  if (!limit.allowed) throw tooMany(limit.retryAfterMs);
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
