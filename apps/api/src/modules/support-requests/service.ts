import { companyNameIn } from "@khayl/config/env";
import { retryAfterSeconds } from "@khayl/contract/envelope";
import { contactBusy, type supportRequestBodySchema } from "@khayl/contract/support-requests";
import type { Db, Tx } from "@khayl/db/client";
import type { z } from "zod";
import type { ModuleDeps } from "../../deps.ts";
import { clientOf } from "../../http/client-address.ts";
import { consumeSiteBudgets, peekSiteBudgets } from "../../http/client-share.ts";
import { HttpError } from "../../http/errors.ts";
import type { Language } from "../../http/language.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { mailboxOf } from "../mail/mailbox.ts";
import { addToDigest, enqueueMails } from "../mail/repository.ts";
import { supportDigestEntry, supportDigestMail, supportNotificationMail } from "../mail/templates.ts";
import { supportConfirmationMail } from "../mail/visitor-mails.ts";
import {
  findResent,
  insertSupportRequest,
  lockSender,
  RESENT_WINDOW_MS,
  reserveSupportRequestId,
  sentByKey,
  setReference,
} from "./repository.ts";

type Body = z.output<typeof supportRequestBodySchema>;

/**
 * The reference of a support request: `SR-<year>-<id, 6 digits or more>`, e.g.
 * `SR-2026-000123`. The year is the Asia/Dubai calendar year of `createdAt`; the
 * number is the row id, so references are unique without a retry loop.
 */
function formatReference(id: number, createdAt: Date): string {
  const year = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", year: "numeric" }).format(createdAt);
  return `SR-${year}-${String(id).padStart(6, "0")}`;
}

/**
 * A phone number that passed product §5's rule (`+`, digits, single spaces), written as E.164
 * (`+971 50 123 4567` → `+971501234567`): the form's phone field gives E.164 with JavaScript,
 * the bare field (without it) what was typed; stored and mailed one way either way (product §4).
 */
function phoneInE164(phone: string): string {
  return phone.replaceAll(" ", "");
}

/**
 * Confirmation mails per recipient address: 3 a day. Further requests from (or naming)
 * the same address are stored and reach the support team, without a confirmation, so
 * the form cannot flood an inbox.
 */
const CONFIRMATIONS_PER_RECIPIENT_DAY = { max: 3, windowMs: 24 * 3_600_000 };

const HOUR_MS = 3_600_000;

/**
 * The bytes a request stores, as counted against `CONTACT_BYTES_PER_DAY`: the UTF-8 size
 * of everything the visitor wrote, twice, since it is kept in the request's row and in the
 * support team's notification (or a digest's excerpt of it).
 */
function storedBytesOf(values: Omit<Body, "website">): number {
  const texts = Object.values(values).filter((v): v is string => typeof v === "string");
  return 2 * texts.reduce((sum, text) => sum + Buffer.byteLength(text, "utf8"), 0);
}

/**
 * Counts a submission against the site-wide budgets (product §9, decision 021; in the
 * database, so shared by every instance): `CONTACT_SUBMISSIONS_PER_HOUR` submissions and
 * `CONTACT_BYTES_PER_DAY` stored bytes, of which one client (`clientAddress`) may spend a
 * fifth (`clientShareOf`: five clients at least to close the form for everyone). Answers the
 * milliseconds to wait past the client's share (then counting nothing site-wide), or past
 * either site budget, for everyone until its window ends; undefined when within them. With
 * `peek`, counts nothing and answers what counting would (`peekSiteBudgets`).
 */
async function siteBudgetsWait(
  db: Db | Tx,
  { env, hasher }: Pick<ModuleDeps, "env" | "hasher">,
  values: Omit<Body, "website">,
  clientAddress: string,
  peek = false,
): Promise<number | undefined> {
  const counted = await (peek ? peekSiteBudgets : consumeSiteBudgets)(db, hasher, clientAddress, [
    { key: "site:contact-submissions", max: env.CONTACT_SUBMISSIONS_PER_HOUR, windowMs: HOUR_MS },
    { key: "site:contact-bytes", max: env.CONTACT_BYTES_PER_DAY, windowMs: 24 * HOUR_MS, cost: storedBytesOf(values) },
  ]);
  return counted.allowed ? undefined : counted.retryAfterMs;
}

/** The 429 of a contact request past the site's budgets, `waitMs` (ms) to wait. */
function contactBusyError(waitMs: number): HttpError {
  return new HttpError(429, contactBusy(waitMs), { "retry-after": String(retryAfterSeconds(waitMs)) });
}

/**
 * `POST /supportRequests/` (product §7): within the client's share of the site-wide budgets
 * and those budgets (`siteBudgetsWait`, else 429), stores the request, gives it a
 * reference and, in the same transaction, queues
 * the support team's notification and (within `CONFIRMATIONS_PER_RECIPIENT_DAY`) the
 * sender's confirmation (architecture §3.6). Past `SUPPORT_NOTIFICATIONS_PER_HOUR`
 * notifications in the hour, the request is added to the support team's digest instead,
 * sent when the hour ends. A filled honeypot (`website`) is answered like a success, with
 * a reference taken from the same sequence as real ones (or the same 429 when the budgets
 * are spent), and nothing is stored, sent or counted. The same request sent again within a
 * day by the same client (`findResent`: a reload of the page that posted it, a retry after a
 * lost answer, a second press) is answered with the first one's reference, and nothing is
 * stored, sent or counted again (product §4, ours); copies sent at the same moment wait for
 * one another (`lockSender`), so the same holds for them.
 */
export async function createSupportRequest(
  { db, env, hasher, sealer }: Pick<ModuleDeps, "db" | "env" | "hasher" | "sealer">,
  body: Body,
  language: Language,
  clientAddress: string,
): Promise<{ reference: string }> {
  const { website: honeypot, ...typed } = body;
  if (honeypot) {
    // Refused as a real request would be when the site's budgets are spent, so the answer
    // does not tell a bot the field is a trap; counted nowhere.
    const waitMs = await siteBudgetsWait(db, { env, hasher }, typed, clientAddress, true);
    if (waitMs !== undefined) throw contactBusyError(waitMs);
    return { reference: formatReference(await reserveSupportRequestId(db), new Date()) };
  }
  const values = { ...typed, phone: phoneInE164(typed.phone) };
  // The same request sent again after the first was stored: answered without a lock.
  const clientHash = hasher.hash("client", clientOf(clientAddress));
  const resent = await findResent(db, values, clientHash);
  if (resent) return { reference: resent };
  const outcome = await db.transaction(async (tx): Promise<{ reference: string } | { waitMs: number }> => {
    // A copy sent at the same moment waits here, then finds the first one stored: it counts nothing.
    await lockSender(tx, values.email);
    const raced = await findResent(tx, values, clientHash);
    if (raced) return { reference: raced };
    // Counted in this transaction, which a refusal commits too (it is answered after).
    const waitMs = await siteBudgetsWait(tx, { env, hasher }, values, clientAddress);
    if (waitMs !== undefined) return { waitMs };
    const confirm = await consumeRateLimit(
      tx,
      `support-confirmation:${hasher.hash("email", mailboxOf(values.email))}`,
      CONFIRMATIONS_PER_RECIPIENT_DAY,
    );
    const notify = await consumeRateLimit(tx, "site:support-notifications", {
      max: env.SUPPORT_NOTIFICATIONS_PER_HOUR,
      windowMs: HOUR_MS,
    });
    const row = await insertSupportRequest(tx, values);
    await consumeRateLimit(tx, sentByKey(row.id, clientHash), { max: 1, windowMs: RESENT_WINDOW_MS });
    const reference = formatReference(row.id, row.createdAt);
    await setReference(tx, row.id, reference);
    const request = { ...values, reference, language };
    await enqueueMails(tx, sealer, [
      ...(notify.allowed ? [supportNotificationMail(env.SUPPORT_EMAIL, request)] : []),
      ...(confirm.allowed
        ? [
            supportConfirmationMail(request, {
              company: companyNameIn(env, language),
              supportEmail: env.SUPPORT_EMAIL,
              language,
            }),
          ]
        : []),
    ]);
    if (!notify.allowed)
      await addToDigest(
        tx,
        supportDigestMail(env.SUPPORT_EMAIL, env.SUPPORT_NOTIFICATIONS_PER_HOUR),
        supportDigestEntry(request, row.createdAt),
        notify.retryAfterMs,
      );
    return { reference };
  });
  if ("waitMs" in outcome) throw contactBusyError(outcome.waitMs);
  return outcome;
}
