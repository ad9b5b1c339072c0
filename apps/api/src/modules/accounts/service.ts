import { randomInt, timingSafeEqual } from "node:crypto";
import { companyNameIn } from "@khayl/config/env";
import { deletionPaused, invalidCode } from "@khayl/contract/account-deletion";
import { OTP_LENGTH } from "@khayl/contract/contact-rules";
import { DELETION_CODE_TTL_MS } from "@khayl/contract/deletion-code";
import { retryAfterSeconds, tooManyRequests } from "@khayl/contract/envelope";
import type { Db } from "@khayl/db/client";
import type { ModuleDeps } from "../../deps.ts";
import { clientOf } from "../../http/client-address.ts";
import { clientShareOf, consumeSiteBudgets } from "../../http/client-share.ts";
import { HttpError } from "../../http/errors.ts";
import type { Language } from "../../http/language.ts";
import { consumeRateLimit, deleteRateLimitsMentioning, peekRateLimit } from "../../http/rate-limit.ts";
import { eraseAlertsOf } from "../alerts/service.ts";
import { mailboxOf } from "../mail/mailbox.ts";
import type { OutgoingMail } from "../mail/outgoing-mail.ts";
import { deleteMailsAbout, enqueueMails, suppressedMail } from "../mail/repository.ts";
import { deletionPausedAlertMail } from "../mail/templates.ts";
import { eraseMailFiles } from "../mail/transport.ts";
import {
  accountDeletedMail,
  deletionCodeMail,
  deletionCodesLiveMail,
  deletionLockedMail,
} from "../mail/visitor-mails.ts";
import { anonymiseSupportRequestsOf } from "../support-requests/repository.ts";
import {
  countWrongTry,
  eraseAccount,
  findLiveAccountByEmail,
  forgetAddress,
  insertCode,
  liveCodesOf,
  lockedForMs,
  recordWrongCodes,
  retireCodes,
  serialiseAddress,
  serialiseConfirmations,
} from "./repository.ts";

/** architecture §3.7: a code expires after 10 minutes and allows 5 wrong tries. */
const CODE_TTL_MS = DELETION_CODE_TTL_MS;
const MAX_CODE_TRIES = 5;
/**
 * Live codes per address: one per asking client, at most two (each wrong confirmation is
 * compared with all of them, and counts that many wrong codes toward the lock).
 */
const LIVE_CODES_PER_ADDRESS = 2;
/** Asks per address *and* client: what one client spends never blocks another. */
const ASK_PER_ADDRESS_AND_CLIENT = [
  { max: 3, windowMs: 15 * 60_000 },
  { max: 5, windowMs: 24 * 3_600_000 },
];
/** Deletion mails (codes and notices) per address per day: an inbox cannot be flooded. */
const MAILS_PER_ADDRESS_DAY = { max: 20, windowMs: 24 * 3_600_000 };
/**
 * Wrong confirmations per address and client per day: 4 answers of 'Invalid or expired
 * verification code', so one client alone (≤ 8 comparisons) can never lock the address.
 */
const WRONG_PER_ADDRESS_AND_CLIENT_DAY = { max: 4, windowMs: 24 * 3_600_000 };
/**
 * The address's deletion locks after 10 wrong code comparisons in all (from every client),
 * for 24 h, then twice as long for each further lock: at most 99 comparisons in any year,
 * under a 1 % chance of guessing a 4-digit code (architecture §3.7, "Odds").
 */
const LOCK_POLICY = { lockAfter: 10, firstLockMs: 24 * 3_600_000 };
/**
 * The site-wide count of wrong codes compared in the hour, from every client and for every
 * address (`DELETION_WRONG_CODES_PER_HOUR`): once it reaches the budget, every
 * confirmation is refused until the hour ends (decision 021).
 */
const SITE_WRONG_CODES_KEY = "site:wrong-deletion-codes";
const SITE_WRONG_CODES_WINDOW_MS = 3_600_000;

/** What the deletion flow needs: the database, the configuration and the keyed hash. */
type DeletionDeps = Pick<ModuleDeps, "db" | "env" | "hasher" | "sealer">;

/** Where warnings and the operator's alerts go (the request's logger). */
interface AlertLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A 429 with the wait in its message and its `retry-after` header (seconds). */
function tooMany(retryAfterMs: number): HttpError {
  return new HttpError(429, tooManyRequests(retryAfterMs), {
    "retry-after": String(retryAfterSeconds(retryAfterMs)),
  });
}

/** Counts one hit on every limit (all are counted, so a refused call still uses the day's budget). */
async function withinLimits(db: Db, key: string, limits: { max: number; windowMs: number }[]): Promise<void> {
  const results = await Promise.all(limits.map((limit) => consumeRateLimit(db, `${key}:${limit.windowMs}`, limit)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) throw tooMany(Math.max(...refused.map((r) => r.retryAfterMs)));
}

/**
 * The HMACs that stand for an address and a client (`clientOf`: an IPv6 /64 is one
 * client) in the database (never the values).
 */
function keysOf(hasher: DeletionDeps["hasher"], email: string, clientAddress: string) {
  const emailHash = hasher.hash("email", email);
  return { emailHash, clientHash: hasher.hash("client", clientOf(clientAddress)) };
}

/** Constant-time equality of two stored hashes. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Counts an ask against the site-wide budget of deletion asks (`DELETION_ASKS_PER_HOUR`,
 * decision 021; in the database, so shared by every instance), of which one client may
 * spend a fifth (`consumeSiteBudgets`). Throws 429 (`tooManyRequests`, with `retry-after`) past
 * the client's share, then counting nothing site-wide, or past the site's budget, for
 * everyone until the hour ends. Whether the address has an account plays no part.
 */
async function withinSiteAsks({ db, env, hasher }: DeletionDeps, clientAddress: string): Promise<void> {
  const counted = await consumeSiteBudgets(db, hasher, clientAddress, [
    { key: "site:deletion-asks", max: env.DELETION_ASKS_PER_HOUR, windowMs: 3_600_000 },
  ]);
  if (!counted.allowed) throw tooMany(counted.retryAfterMs);
}

/**
 * `GET /auth/ask-delete-account` (product §7, architecture §3.7). Answers alike whether or
 * not the account exists, doing the same work either way: for an address without an
 * account, the mail it would have had is queued suppressed (`suppressedMail`), so only
 * whether a mail goes out depends on it.
 * Throws 429 past `ASK_PER_ADDRESS_AND_CLIENT` (this client's asks for this address), then
 * past the client's share of the site's asks or the site's asks in the hour (`withinSiteAsks`).
 * Otherwise, within `MAILS_PER_ADDRESS_DAY`:
 * - while the address's deletion is locked, no code: the owner is mailed the lock notice;
 * - when the address already has `LIVE_CODES_PER_ADDRESS` live codes asked by other
 *   clients, no code and none withdrawn: the owner is mailed that those still work;
 * - otherwise this client's earlier code is replaced by a new one, mailed to the owner
 *   with "if this wasn't you…"; the mail expires with the code.
 */
export async function askDeleteAccount(
  deps: DeletionDeps,
  rawEmail: string,
  clientAddress: string,
  language: Language = "en",
): Promise<null> {
  const { db, env, hasher } = deps;
  const email = rawEmail.toLowerCase();
  const { emailHash, clientHash } = keysOf(hasher, email, clientAddress);
  await withinLimits(db, `ask:${emailHash}:${clientHash}`, ASK_PER_ADDRESS_AND_CLIENT);
  await withinSiteAsks(deps, clientAddress);
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const codeHash = hasher.hash("code", `${emailHash}:${code}`);
  const company = companyNameIn(env, language);
  await db.transaction(async (tx) => {
    await serialiseAddress(tx, emailHash);
    const account = await findLiveAccountByEmail(tx, email);
    // The same row either way (the same work and time): a mail, or for an address without
    // an account the same mail suppressed, never sent and dropped by the retention purge.
    const mailIfAccount = (mail: OutgoingMail) =>
      enqueueMails(tx, deps.sealer, [account ? mail : suppressedMail(mail)]);
    const mailBudget = await consumeRateLimit(tx, `mail:${emailHash}`, MAILS_PER_ADDRESS_DAY);
    if (!mailBudget.allowed) return;
    const lockedMs = await lockedForMs(tx, emailHash);
    if (lockedMs > 0) {
      const lockedUntil = new Date(Date.now() + lockedMs);
      await mailIfAccount(
        deletionLockedMail(email, { company, supportEmail: env.SUPPORT_EMAIL, lockedUntil, language }),
      );
      return;
    }
    const live = await liveCodesOf(tx, emailHash, MAX_CODE_TRIES);
    const own = live.filter((c) => c.clientHash === clientHash).map((c) => c.id);
    if (live.length - own.length >= LIVE_CODES_PER_ADDRESS) {
      await mailIfAccount(deletionCodesLiveMail(email, { company, minutes: CODE_TTL_MS / 60_000, language }));
      return;
    }
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    await retireCodes(tx, own);
    await insertCode(tx, { emailHash, clientHash, codeHash, expiresAt });
    await mailIfAccount(
      deletionCodeMail(email, code, { company, supportEmail: env.SUPPORT_EMAIL, expiresAt, language }),
    );
  });
  return null;
}

type ConfirmOutcome =
  | { kind: "deleted"; mailIds: number[] }
  | { kind: "wrong"; pausedNow?: { wrongCodes: number; retryAfterMs: number } }
  | { kind: "refused"; retryAfterMs: number }
  | { kind: "paused"; retryAfterMs: number };

/**
 * `POST /auth/confrim-delete-account` (product §7, architecture §3.7). In one transaction,
 * serialised site-wide (`serialiseConfirmations`) and per address: refused with 429 while
 * the address's deletion is locked or this client has had `WRONG_PER_ADDRESS_AND_CLIENT_DAY`
 * wrong answers for it today; otherwise the code is compared with every live code of the
 * address. The right code of a live
 * account erases everything the product keeps about that person (decision 014) and
 * queues the deletion notice; then the demo's `.eml` files about the address are deleted.
 * Anything else answers 400 'Invalid or expired verification code' and counts: one wrong
 * try on each code compared, one wrong answer for this client, and as many wrong codes
 * toward the address's lock (`LOCK_POLICY`), the client's share of the site's hourly
 * budget (`clientShareOf`: past it the client's confirmations answer 429 for the
 * hour) and the site's hourly budget (`DELETION_WRONG_CODES_PER_HOUR`) as codes were
 * compared. Once the site's budget is reached, every confirmation answers 429
 * (`deletionPaused`) until the hour ends; the wrong code that reached it logs an error and
 * mails `SUPPORT_EMAIL`, once per pause.
 */
export async function confirmDeleteAccount(
  deps: DeletionDeps,
  input: { email: string; otpCode: string; clientAddress: string; language?: Language },
  log?: AlertLog,
): Promise<null> {
  const { db, env, hasher } = deps;
  const email = input.email.toLowerCase();
  const { emailHash, clientHash } = keysOf(hasher, email, input.clientAddress);
  const wrongKey = `wrong:${emailHash}:${clientHash}`;
  // One client's share of the site's wrong codes (`clientShareOf`): past it, its confirmations
  // answer 429 until its hour ends, and count nowhere.
  const share = clientShareOf(hasher, "wrong-deletion-codes", input.clientAddress, {
    max: env.DELETION_WRONG_CODES_PER_HOUR,
    windowMs: SITE_WRONG_CODES_WINDOW_MS,
  });
  const candidate = hasher.hash("code", `${emailHash}:${input.otpCode}`);
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    // The site's and the share's budgets are checked here and counted after the comparison:
    // one confirmation at a time, or a burst for many addresses passes the check at once.
    await serialiseConfirmations(tx);
    const site = await peekRateLimit(tx, SITE_WRONG_CODES_KEY);
    if (site.current >= env.DELETION_WRONG_CODES_PER_HOUR) return { kind: "paused", retryAfterMs: site.retryAfterMs };
    const shareSpent = await peekRateLimit(tx, share.key);
    if (shareSpent.current >= share.max) return { kind: "refused", retryAfterMs: shareSpent.retryAfterMs };
    await serialiseAddress(tx, emailHash);
    const lockedMs = await lockedForMs(tx, emailHash);
    if (lockedMs > 0) return { kind: "refused", retryAfterMs: lockedMs };
    const spent = await peekRateLimit(tx, wrongKey);
    if (spent.current >= WRONG_PER_ADDRESS_AND_CLIENT_DAY.max)
      return { kind: "refused", retryAfterMs: spent.retryAfterMs };
    const live = await liveCodesOf(tx, emailHash, MAX_CODE_TRIES);
    // Every live code is compared, so the time taken does not tell which one matched.
    const matches = live.filter((c) => sameHash(c.codeHash, candidate));
    const account = matches.length > 0 ? await findLiveAccountByEmail(tx, email) : undefined;
    if (matches.length > 0 && account) {
      await eraseAccount(tx, account.id);
      await anonymiseSupportRequestsOf(tx, email);
      const mailIds = await deleteMailsAbout(tx, email); // alert mails too (decision 028)
      await eraseAlertsOf(tx, email);
      await forgetAddress(tx, emailHash); // every code of the address, the matching one too
      await deleteRateLimitsMentioning(tx, emailHash);
      // The mail budgets count by mailbox (decision 021): a Gmail address with dots, or one
      // with a +tag, has keys under its mailbox's HMAC, not the address's.
      await deleteRateLimitsMentioning(tx, hasher.hash("email", mailboxOf(email)));
      await enqueueMails(tx, deps.sealer, [
        accountDeletedMail(email, {
          company: companyNameIn(env, input.language ?? "en"),
          supportEmail: env.SUPPORT_EMAIL,
          language: input.language,
        }),
      ]);
      return { kind: "deleted", mailIds };
    }
    await countWrongTry(
      tx,
      live.map((c) => c.id),
    );
    await consumeRateLimit(tx, wrongKey, WRONG_PER_ADDRESS_AND_CLIENT_DAY);
    if (live.length === 0) return { kind: "wrong" };
    await recordWrongCodes(tx, emailHash, live.length, LOCK_POLICY);
    await consumeRateLimit(tx, share.key, { ...share, cost: live.length });
    const max = env.DELETION_WRONG_CODES_PER_HOUR;
    const counted = await consumeRateLimit(tx, SITE_WRONG_CODES_KEY, {
      max,
      windowMs: SITE_WRONG_CODES_WINDOW_MS,
      cost: live.length,
    });
    // Only the wrong code that reached the budget starts the pause (one alert per pause).
    if (counted.current < max || counted.current - live.length >= max) return { kind: "wrong" };
    const until = new Date(Date.now() + counted.retryAfterMs);
    await enqueueMails(tx, deps.sealer, [
      deletionPausedAlertMail(env.SUPPORT_EMAIL, { wrongCodes: counted.current, until }),
    ]);
    return { kind: "wrong", pausedNow: { wrongCodes: counted.current, retryAfterMs: counted.retryAfterMs } };
  });
  if (outcome.kind === "refused") throw tooMany(outcome.retryAfterMs);
  if (outcome.kind === "paused")
    throw new HttpError(429, deletionPaused(outcome.retryAfterMs), {
      "retry-after": String(retryAfterSeconds(outcome.retryAfterMs)),
    });
  if (outcome.kind === "wrong") {
    if (outcome.pausedNow)
      log?.error(
        { wrongCodes: outcome.pausedNow.wrongCodes, pausedForMs: outcome.pausedNow.retryAfterMs },
        "deletion confirmations paused: too many wrong codes site-wide",
      );
    throw new HttpError(400, invalidCode);
  }
  await eraseMailFiles(env.DATA_DIR, email, outcome.mailIds).catch((error: unknown) =>
    log?.warn({ err: error }, "the deleted account's mail files could not all be deleted"),
  );
  return null;
}
