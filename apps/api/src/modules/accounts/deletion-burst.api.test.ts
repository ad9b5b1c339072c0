import { randomBytes } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { createTestDb, testDbKind } from "@khayl/db/testing";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp } from "../../app.ts";

/**
 * Wrong deletion codes sent at the same moment (architecture §3.7 "Many addresses"): the
 * site's hourly budget and a client's share of it are checked before a confirmation compares
 * and counted after, so on PostgreSQL, where confirmations run side by side, they must be
 * one at a time. (PGlite runs one transaction at a time: there the first test shows the rule.)
 */
let database: DbHandle;
let app: FastifyInstance;
const env = parseEnv({
  DATA_DIR: "./data/test",
  SECRET_KEY: randomBytes(32).toString("hex"),
  DELETION_WRONG_CODES_PER_HOUR: "30",
});

beforeAll(async () => {
  database = await createTestDb();
  app = await buildApp({ db: database.db, env });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

test("a burst of wrong codes for many addresses from one client stays within its share of the hour", async () => {
  // Twenty addresses with a live code each (a code is stored whether or not an account exists),
  // each asked for by a client of its own.
  const addresses = Array.from({ length: 20 }, (_, i) => `burst.${i}@example.org`);
  for (const [i, email] of addresses.entries()) {
    const asked = await app.inject({
      method: "GET",
      url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
      remoteAddress: `10.61.0.${i + 1}`,
    });
    expect(asked.statusCode).toBe(200);
  }
  // One client sends a wrong code for every address at once. Its share is a fifth of the
  // site's 30: 6 codes compared, each answered 400; every other confirmation 429.
  const answers = await Promise.all(
    addresses.map((email) =>
      app.inject({
        method: "POST",
        url: "/api/v1/auth/confrim-delete-account",
        payload: { email, otpCode: "0000" },
        remoteAddress: "10.62.0.1",
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 400)).toHaveLength(6);
  expect(statuses.filter((status) => status === 429)).toHaveLength(14);
});

// On PostgreSQL only: PGlite has one connection and runs one transaction at a time, so no
// burst there can take connections from anyone. The site's confirmation lock is held while
// the burst arrives, so every confirmation that got a transaction waits in it: with the
// routes' slots (two at a time) a read of another page still gets a connection at once;
// without them every pooled connection waits on the lock and the read answers 503.
test.runIf(testDbKind() === "postgres")(
  "a burst of confirmations leaves the rest of the site its database connections",
  async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let waiters!: () => Promise<number>;
    let holder: Promise<void> | undefined;
    const lockTaken = new Promise<void>((taken) => {
      holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('deletion-confirmations', 0))`);
        waiters = async () => {
          const result = await tx.execute<{ n: number }>(
            // pg_locks is the whole server's: this database's waiters on that one key only.
            sql`select count(*)::int as n from pg_locks
                where locktype = 'advisory' and not granted
                  and database = (select oid from pg_database where datname = current_database())
                  and ((classid::bigint << 32) | objid::bigint)
                      = hashtextextended('deletion-confirmations', 0)`,
          );
          return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
        };
        taken();
        await released;
      });
    });
    await lockTaken;
    let statuses: number[];
    try {
      // Each from a client of its own (no per-client limit stops them), for made-up addresses.
      const burst = Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/v1/auth/confrim-delete-account",
          payload: { email: `made-up.${i}@example.org`, otpCode: "1234" },
          remoteAddress: `10.63.0.${i + 1}`,
        }),
      );
      // Until the confirmations waiting on the lock are as many as they will be (the same
      // count three polls in a row, two or more).
      const counts: number[] = [];
      while (counts.length < 3 || new Set(counts.slice(-3)).size > 1 || (counts.at(-1) ?? 0) < 2) {
        counts.push(await waiters());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const read = await app.inject({ method: "GET", url: "/api/v1/blog/getWebsiteBlogs?limit=1&offset=0" });
      expect(read.statusCode).toBe(200);
      expect(counts.at(-1)).toBe(2);
      release();
      statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
    } finally {
      release();
      await holder;
    }
    // Each got its answer: a wrong code, or 429 past the slots' queue; never a 5xx.
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
  },
);
