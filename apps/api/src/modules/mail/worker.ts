import { randomUUID } from "node:crypto";
import type { Env } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";
import { logRoundFailure, type OutageLogger } from "../../http/outage-log.ts";
import { type Sealer, UnsealError } from "../../secret-key.ts";
import { MAIL_LANES } from "./outgoing-mail.ts";
import {
  claimDueMails,
  markFailed,
  markGivenUp,
  markSent,
  openMail,
  releaseClaim,
  renewClaim,
  urgentMailWaiting,
} from "./repository.ts";
import { createMailTransport, type MailLog, type MailTransport } from "./transport.ts";

export interface MailWorkerOptions {
  db: Db;
  env: Env;
  /** Opens the sealed mails (`enqueueMails`): the server secret's `createSealer`. */
  sealer: Sealer;
  /** The product's logger (its `err` serializer keeps an error's values out of the log). */
  log: MailLog & OutageLogger;
  /** Poll interval in ms (default 2000). */
  intervalMs?: number;
  /** First retry delay in ms, doubled per attempt up to `maxBackoffMs` (default 30 s). */
  backoffBaseMs?: number;
  /** Longest retry delay in ms (default 1 h). */
  maxBackoffMs?: number;
  /** Attempts before a mail is given up (kept in the table with its last error; default 12: about 5 h of retries). */
  maxAttempts?: number;
  /**
   * How long a claimed mail stays reserved for this worker, in ms (default 60 s); renewed
   * just before the mail is sent, then every third of it while the send lasts.
   */
  lockMs?: number;
  /** Use this transport instead of the one `env` describes (tests). */
  transport?: MailTransport;
}

export interface MailWorker {
  readonly transport: MailTransport;
  /** Starts polling the outbox every `intervalMs` (idempotent). */
  start(): void;
  /**
   * Stops polling: the mail being sent is finished (waiting at most `graceMs`, default
   * 10 s), mails claimed but not yet sent are given back at once (`releaseClaim`), and
   * the transport is closed. A mail still being sent after `graceMs` keeps its lease, so
   * another instance sends it only once the lease has expired (never twice at a time).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Delivers every due mail once; answers how many were sent and how many failed. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
}

/**
 * The outbox worker (architecture §3.6): claims due mails, lowest lane first (row lock via
 * `locked_until`, so several instances share the outbox safely); before each mail that is
 * not urgent, stops the round when an urgent mail (a code) is waiting and claims again, so
 * a code never waits behind a backlog; renews each one's lease just before sending it (and
 * while sending it) and skips it if another instance has claimed it since, and on failure
 * schedules a retry with exponential backoff. A sealed mail is opened just before it is sent; one that
 * does not open (sealed under another `SECRET_KEY`, or altered) is given up at once. A
 * mail is marked sent only after the transport accepted it, so nothing is lost when SMTP
 * is down or the process stops mid-way (a claimed but unsent mail becomes due again when
 * its lock expires). A round the database's absence stops is logged by the database's
 * outage (`logRoundFailure`): once, then counted once a minute.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, log } = options;
  const transport = options.transport ?? createMailTransport(options.env, log);
  const intervalMs = options.intervalMs ?? 2000;
  const base = options.backoffBaseMs ?? 30_000;
  const maxBackoff = options.maxBackoffMs ?? 3_600_000;
  const lockMs = options.lockMs ?? 60_000;
  /** How often the lease of the mail being sent is renewed: three times per lease. */
  const renewEveryMs = Math.max(10, Math.floor(lockMs / 3));
  const maxAttempts = options.maxAttempts ?? 12;
  /** A given-up mail is parked ten years ahead (still visible with `last_error`). */
  const GIVE_UP_MS = 10 * 365 * 24 * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopping = false;
  /**
   * This round's claim, taken before the claim is asked for (its answer may never come back
   * while the claim was made: a database outage), and the mail being sent, if any.
   */
  let round: { claimToken: string; sending?: number } | undefined;

  /**
   * Gives back what the round's claim still holds unsent, but the mail being sent and those
   * sent and not yet recorded (`unmarked`): nothing stays locked for a whole lease because a
   * claim's or a write's answer was lost.
   */
  async function release() {
    if (!round) return;
    const { claimToken, sending } = round;
    await releaseClaim(db, claimToken, [...unmarked, ...(sending === undefined ? [] : [sending])]);
    if (round?.claimToken === claimToken && round.sending === undefined) round = undefined;
  }

  /**
   * Mails the transport accepted whose `sent_at` could not be written (the database went
   * away in between): written before anything else is claimed, so the lease they hold
   * never runs out into a second send by this worker (decision 023).
   */
  const unmarked = new Set<number>();
  async function markUnmarked() {
    for (const id of unmarked) {
      await markSent(db, id);
      unmarked.delete(id);
    }
  }

  async function deliverDue() {
    let sent = 0;
    let failed = 0;
    // A round cut short by a database outage left these behind: settle them first.
    await markUnmarked();
    await release();
    while (!stopping) {
      const claimToken = randomUUID();
      const claim: NonNullable<typeof round> = { claimToken };
      round = claim;
      const batch = await claimDueMails(db, claimToken, 20, lockMs);
      if (batch.length === 0) break;
      for (const mail of batch) {
        if (stopping) break;
        // A code queued since the claim goes before the rest of this round (its mails are given back).
        if (mail.priority !== MAIL_LANES.urgent && (await urgentMailWaiting(db))) break;
        // Earlier mails of the round may have outlasted this one's lease.
        if (!(await renewClaim(db, mail.id, claimToken, lockMs))) continue;
        let message: typeof mail;
        try {
          message = openMail(options.sealer, mail);
        } catch (error) {
          if (!(error instanceof UnsealError)) throw error;
          // A text that does not open now never will: given up at once, the round goes on.
          log.warn({ mailId: mail.id, kind: mail.kind, err: error.message }, "mail cannot be opened; giving up");
          await markGivenUp(db, mail.id, claimToken, error.message, GIVE_UP_MS);
          continue;
        }
        claim.sending = mail.id;
        // The lease is renewed while the mail is being sent: SMTP's timeouts bound each wait,
        // not the whole send, and a slow server outlasted the lease, so that another
        // instance claimed the mail and sent it a second time.
        const keepLease = setInterval(() => {
          renewClaim(db, mail.id, claimToken, lockMs).catch(() => undefined);
        }, renewEveryMs);
        keepLease.unref();
        try {
          await transport.send(message);
        } catch (error) {
          claim.sending = undefined;
          failed++;
          const givingUp = mail.attempts >= maxAttempts;
          const retryIn = givingUp ? GIVE_UP_MS : Math.min(maxBackoff, base * 2 ** Math.max(0, mail.attempts - 1));
          const message = error instanceof Error ? error.message : String(error);
          log.warn(
            { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, retryInMs: retryIn, err: message },
            givingUp ? "mail delivery failed; giving up" : "mail delivery failed; will retry",
          );
          if (givingUp) await markGivenUp(db, mail.id, claimToken, message, retryIn);
          else await markFailed(db, mail.id, claimToken, message, retryIn);
          continue;
        } finally {
          clearInterval(keepLease);
        }
        // It went out: a failure to record that is the database's, never a reason to send it again.
        sent++;
        unmarked.add(mail.id);
        claim.sending = undefined;
        await markUnmarked();
      }
      await release();
      if (failed > 0) break; // the transport is failing: wait for the next round
    }
    return { sent, failed };
  }

  function tick() {
    running = deliverDue()
      // During a database outage a round fails every `intervalMs`: counted in the outage, not a line each.
      .catch((error: unknown) => logRoundFailure(db, log, error, "mail outbox round failed"))
      .finally(() => {
        running = undefined;
        if (timer) {
          timer = setTimeout(tick, intervalMs);
          timer.unref?.();
        }
      });
  }

  return {
    transport,
    start() {
      if (timer) return;
      timer = setTimeout(tick, 0);
      timer.unref?.();
    },
    async stop({ graceMs = 10_000 } = {}) {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
      await markUnmarked().catch((error: unknown) =>
        log.warn(
          { mailIds: [...unmarked], err: error },
          "mails sent but not recorded as sent (database unreachable): they may be sent again",
        ),
      );
      await release().catch(() => undefined);
      transport.close();
    },
    deliverDue,
  };
}
