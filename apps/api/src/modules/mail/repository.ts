import type { Db, Tx } from "@khayl/db/client";
import { outbox } from "@khayl/db/schema";
import { sql } from "drizzle-orm";
import type { Sealer } from "../../secret-key.ts";
import { MAIL_LANES, type OutgoingMail } from "./outgoing-mail.ts";
import {
  DIGEST_SEPARATOR,
  ERASED_RECIPIENT,
  ERASED_RECIPIENT_KINDS,
  SECRET_MAIL_KINDS,
  SUPPORT_DIGEST_KIND,
} from "./templates.ts";

export type OutboxRow = typeof outbox.$inferSelect;

/** The `priority` column of a mail's lane. */
function priorityOf(mail: OutgoingMail): number {
  return MAIL_LANES[mail.lane ?? (mail.expiresAt ? "urgent" : "notice")];
}

/** What a mail's sealed text holds (`SECRET_MAIL_KINDS`): its body, headers and log note. */
interface SealedParts {
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  logNote: string | null;
}

/** What a secret mail's sealed text is bound to: its kind and recipient (a row changed to another recipient does not open). */
const sealContext = (mail: Pick<OutboxRow, "kind" | "to">) => `outbox\u0000${mail.kind}\u0000${mail.to}`;

/**
 * Queues mails in the caller's transaction, so they exist exactly when the request does.
 * A mail of `SECRET_MAIL_KINDS` is written sealed (`sealer`, architecture §3.7 "At rest"):
 * its text, HTML, headers and log note become one sealed text in `text`, so neither the
 * table nor the database's write-ahead log ever holds its code or link in clear.
 */
export async function enqueueMails(tx: Db | Tx, sealer: Sealer, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(outbox).values(
    mails.map((mail) => {
      const { lane: _lane, ...row } = mail;
      const parts: SealedParts = {
        text: row.text,
        html: row.html ?? null,
        headers: row.headers ?? null,
        logNote: row.logNote ?? null,
      };
      const secret = SECRET_MAIL_KINDS.includes(mail.kind);
      return {
        ...row,
        ...(secret
          ? { text: sealer.seal(sealContext(mail), JSON.stringify(parts)), html: null, headers: null, logNote: null }
          : parts),
        expiresAt: row.expiresAt ?? null,
        priority: priorityOf(mail),
      };
    }),
  );
}

/**
 * A claimed mail as it is sent: a sealed one (`enqueueMails`) opened with `sealer`, any other
 * as it is. Throws `UnsealError` (from `Sealer.open`) when a secret mail's text does not open:
 * sealed under another `SECRET_KEY`, or its row altered (another recipient).
 */
export function openMail(sealer: Sealer, mail: OutboxRow): OutboxRow {
  if (!SECRET_MAIL_KINDS.includes(mail.kind)) return mail;
  const parts = JSON.parse(sealer.open(sealContext(mail), mail.text)) as SealedParts;
  return { ...mail, ...parts };
}

/**
 * Adds `entry` to the open digest of `digest.kind` to `digest.to`, in the caller's
 * transaction, or queues `digest` with the entry when none is open; a new digest is due
 * `dueInMs` from now (when the budget's window ends: architecture §3.6). A digest is open
 * until a worker first claims it (`attempts` 0), so no entry is added to a mail already
 * being sent. Digests are serialised by a transaction advisory lock, so two requests never
 * open two at once.
 */
export async function addToDigest(tx: Tx, digest: OutgoingMail, entry: string, dueInMs: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`digest:${digest.kind}`}, 0))`);
  // The outer conditions are checked again on a row another transaction changed meanwhile.
  const appended = await tx.execute(sql`
    update outbox set text = text || ${entry}
    where kind = ${digest.kind} and "to" = ${digest.to} and sent_at is null and attempts = 0
      and id = (select id from outbox where kind = ${digest.kind} and "to" = ${digest.to} and sent_at is null
        and attempts = 0 order by id desc limit 1)
    returning id
  `);
  if (rowsOf<{ id: number }>(appended).length > 0) return;
  await tx.insert(outbox).values({
    kind: digest.kind,
    to: digest.to,
    subject: digest.subject,
    text: digest.text + entry,
    priority: priorityOf(digest),
    nextAttemptAt: sql`now() + make_interval(secs => ${Math.max(0, dueInMs) / 1000})`,
  });
}

/**
 * An instant long past: the `expiresAt` of a suppressed mail (`suppressedMail`), which the
 * worker therefore never claims and the retention purge drops with the code mails that
 * expired unsent.
 */
const SUPPRESSED_AT = new Date(0);

/**
 * The row a mail would have been, kept from ever being sent: no recipient, no text, and an
 * expiry long past. Queued where a request must do the same work whether or not it mails
 * anyone (the deletion ask for an address without an account, architecture §3.7).
 */
export function suppressedMail(mail: OutgoingMail): OutgoingMail {
  return { ...mail, to: "[suppressed]", text: REDACTED_TEXT, html: null, logNote: null, expiresAt: SUPPRESSED_AT };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The mails a worker may claim now: unsent, due, not leased, not expired. */
const claimable = sql`sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
  and (expires_at is null or expires_at > now())`;

/**
 * Claims up to `limit` due, unsent mails for `lockMs` (sets `locked_until`, stamps the
 * claim's `claimToken` and counts the attempt) in one atomic statement: rows locked by
 * another instance are skipped, so two workers on one PostgreSQL never send the same mail
 * at the same time. The lowest lane first (`MAIL_LANES`), oldest first within a lane;
 * answered in that order. A mail past its `expires_at` (a code that no longer works) is
 * never claimed; the retention purge drops it.
 */
export async function claimDueMails(db: Db, claimToken: string, limit: number, lockMs: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update outbox set locked_until = now() + make_interval(secs => ${lockMs / 1000}), attempts = attempts + 1,
      claim_token = ${claimToken}
    where id in (
      select id from outbox
      where ${claimable}
      order by priority, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, "to", subject, text, html, log_note as "logNote", attempts, priority, headers
  `);
  return rowsOf<OutboxRow>(result).sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/**
 * True when a mail of the `urgent` lane is waiting to be claimed: a worker sending a round
 * of other mails stops and claims again, so a code waits for at most the one mail being
 * sent, never for a backlog (architecture §3.6).
 */
export async function urgentMailWaiting(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from outbox where priority = ${MAIL_LANES.urgent} and ${claimable}) as waiting
  `);
  return Boolean(rowsOf<{ waiting: boolean }>(result)[0]?.waiting);
}

/**
 * Renews the lease of a mail this claim holds, for `lockMs` from now, just before it is
 * sent. Answers false when the claim no longer holds it (its lease ran out while earlier
 * mails of the round were sent, and another instance claimed it, or it expired): the
 * caller must then leave the mail alone.
 */
export async function renewClaim(db: Db, id: number, claimToken: string, lockMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update outbox set locked_until = now() + make_interval(secs => ${lockMs / 1000})
    where id = ${id} and claim_token = ${claimToken} and sent_at is null
      and (expires_at is null or expires_at > now())
    returning id
  `);
  return rowsOf<{ id: number }>(result).length > 0;
}

/** The text of a secret-carrying mail after delivery (SECRET_MAIL_KINDS). */
export const REDACTED_TEXT = "[redacted after delivery]";

const kindIn = (kinds: readonly string[]) =>
  sql`kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;

/**
 * SQL that wipes the body and headers of a secret-carrying mail, and the recipient of a mail of
 * `ERASED_RECIPIENT_KINDS` (a no-op for other kinds).
 */
const redactSecrets = sql`
  "to" = case when ${kindIn(ERASED_RECIPIENT_KINDS)} then ${ERASED_RECIPIENT} else "to" end,
  text = case when ${kindIn(SECRET_MAIL_KINDS)} then ${REDACTED_TEXT} else text end,
  html = case when ${kindIn(SECRET_MAIL_KINDS)} then null else html end,
  headers = case when ${kindIn(SECRET_MAIL_KINDS)} then null else headers end,
  log_note = case when ${kindIn(SECRET_MAIL_KINDS)} then null else log_note end`;

/**
 * Marks a mail delivered (whoever holds it now: it went out); a secret-carrying mail's
 * body is wiped at the same time.
 */
export async function markSent(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    update outbox set sent_at = now(), locked_until = null, claim_token = null, last_error = null, ${redactSecrets}
    where id = ${id}
  `);
}

/**
 * Parks a mail that will not be tried again (kept with its last error; secrets wiped), if
 * this claim still holds it.
 */
export async function markGivenUp(
  db: Db,
  id: number,
  claimToken: string,
  error: string,
  parkForMs: number,
): Promise<void> {
  // An SMTP error may quote the recipient: not kept for a mail whose recipient is erased.
  await db.execute(sql`
    update outbox set locked_until = null, claim_token = null,
      last_error = case when ${kindIn(ERASED_RECIPIENT_KINDS)} then null else ${error.slice(0, 1000)} end,
      next_attempt_at = now() + make_interval(secs => ${parkForMs / 1000}), ${redactSecrets}
    where id = ${id} and claim_token = ${claimToken}
  `);
}

/**
 * Deletes, in the caller's transaction, every mail to `email` (compared lower-case) and
 * every support-team notification quoting it as the sender's address, and removes the
 * entries quoting it from the support team's digests (a digest left with no entry is
 * deleted; decision 014), and answers the deleted mails' ids (the demo's `.eml` files are named by id: `eraseMailFiles`).
 */
export async function deleteMailsAbout(tx: Db | Tx, email: string): Promise<number[]> {
  const address = email.toLowerCase();
  const quoted = `\ne-mail: ${address}\n`;
  // A digest loses the entries quoting the address; the other requests' entries stay.
  await tx.execute(sql`
    update outbox set text = array_to_string(array(
      select part from unnest(string_to_array(text, ${DIGEST_SEPARATOR})) with ordinality as p(part, n)
      where strpos(lower(part), ${quoted}) = 0 order by n), ${DIGEST_SEPARATOR})
    where kind = ${SUPPORT_DIGEST_KIND} and strpos(lower(text), ${quoted}) > 0
  `);
  const result = await tx.execute(sql`
    delete from outbox
    where lower("to") = ${address}
      or (kind = 'support-notification' and strpos(lower(text), ${quoted}) > 0)
      or (kind = ${SUPPORT_DIGEST_KIND} and strpos(text, ${DIGEST_SEPARATOR}) = 0)
    returning id
  `);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * Records a failed delivery and when to try again (`retryInMs` from now), if this claim
 * still holds the mail.
 */
export async function markFailed(
  db: Db,
  id: number,
  claimToken: string,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db.execute(sql`
    update outbox set locked_until = null, claim_token = null, last_error = ${error.slice(0, 1000)},
      next_attempt_at = now() + make_interval(secs => ${retryInMs / 1000})
    where id = ${id} and claim_token = ${claimToken}
  `);
}

/**
 * Gives back every mail a claim still holds unsent (shutting down, a round cut short, or a
 * claim or a write whose answer the database never sent back: decision 023), but those of
 * `keep` (a mail being sent, or sent and not yet recorded): their lease ends now and the
 * claim's attempt is not counted, so another instance sends them at once. Mails another
 * instance has claimed since are left alone.
 */
export async function releaseClaim(db: Db, claimToken: string, keep: number[]): Promise<void> {
  const kept =
    keep.length > 0
      ? sql`and id not in (${sql.join(
          keep.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  await db.execute(sql`
    update outbox set locked_until = null, claim_token = null, attempts = greatest(0, attempts - 1)
    where sent_at is null and claim_token = ${claimToken} ${kept}
  `);
}
