import { deletionLocks, outbox } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createHasher } from "../../secret-key.ts";
import { createTestApi, type TestApi } from "../../testing.ts";
import { openedOutbox } from "../mail/testing.ts";

/**
 * Helpers of the account deletion API tests (not used by the API itself): the real API on
 * a fresh database with the demo accounts, and the two calls of deletion (product §5).
 */

/** A 4-digit code other than `code`. */
export function wrong(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, "0");
}

/**
 * Starts the API for the calling test file (its own `beforeAll`/`afterAll`, so no state is
 * left in this module: the API projects keep modules between files, conventions §5) and
 * answers its calls and what they leave in the outbox.
 */
export function deletionApi() {
  let api: TestApi | undefined;
  let ip = 0;
  beforeAll(async () => {
    // These tests enter far more wrong codes and asks than the site's hourly budgets allow
    // (their own tests: deletion-pause.api.test.ts, deletion-asks.api.test.ts), to show the
    // per-address and per-client rules.
    api = await createTestApi({ DELETION_WRONG_CODES_PER_HOUR: "10000", DELETION_ASKS_PER_HOUR: "10000" });
    await seedAccounts(api.database.db);
  });
  afterAll(() => api?.close());

  const started = () => {
    if (!api) throw new Error("the deletion API is not started (call deletionApi() at a file's top level)");
    return api;
  };
  /** A fresh client address (each call without one comes from another client). */
  const client = () => `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.${1 + (ip % 7)}`;
  /** The HMAC standing for `email` in the database (the test knows the API's secret). */
  const emailHashOf = (email: string) => createHasher(started().env.SECRET_KEY ?? "").hash("email", email);
  return {
    /** The running API (after `beforeAll`). */
    get api() {
      return started();
    },
    client,
    emailHashOf,
    ask(email: string, remoteAddress = client(), headers: Record<string, string> = {}) {
      return started().app.inject({
        method: "GET",
        url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
        remoteAddress,
        headers,
      });
    },
    confirm(email: string, otpCode: string, remoteAddress = client(), headers: Record<string, string> = {}) {
      return started().app.inject({
        method: "POST",
        url: "/api/v1/auth/confrim-delete-account",
        payload: { email, otpCode },
        remoteAddress,
        headers,
      });
    },
    /** The deletion mails sent to `email`, oldest first, opened as the worker sends them. */
    mailsTo(email: string) {
      return openedOutbox(started().database.db, started().sealer, eq(outbox.to, email));
    },
    /** The code of the newest deletion mail to `email`, read from the outbox as a user reads the mail. */
    async codeMailedTo(email: string): Promise<string> {
      const mails = await openedOutbox(
        started().database.db,
        started().sealer,
        and(eq(outbox.to, email), eq(outbox.kind, "delete-account-code")),
      );
      const mail = mails.at(-1);
      const code = /verification code is (\d{4})/.exec(mail?.text ?? "")?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    /** Expires `email`'s lock now, as if its time had passed. */
    endLock: (email: string) =>
      started()
        .database.db.update(deletionLocks)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(deletionLocks.emailHash, emailHashOf(email))),
  };
}
