import { randomBytes } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { createTestDb } from "@khayl/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp } from "../../app.ts";

/**
 * Wrong deletion codes sent at the same moment (architecture §3.7 "Many addresses"): the
 * site's hourly budget and a client's share of it are checked before a confirmation compares
 * and counted after, so on PostgreSQL, where confirmations run side by side, they must be
 * one at a time. (PGlite runs one transaction at a time: there the test shows the rule.)
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

test("a burst of confirmations leaves the rest of the site its database connections", async () => {
  // Each from a client of its own (no per-client limit stops them), for made-up addresses:
  // every one opens a transaction and waits on the site's confirmation lock.
  let compared = 0;
  const burst = Array.from({ length: 120 }, (_, i) =>
    app
      .inject({
        method: "POST",
        url: "/api/v1/auth/confrim-delete-account",
        payload: { email: `made-up.${i}@example.org`, otpCode: "1234" },
        remoteAddress: `10.63.${Math.floor(i / 200)}.${(i % 200) + 1}`,
      })
      .then((answer) => {
        if (answer.statusCode !== 429) compared++;
        return answer;
      }),
  );
  // A read of another page, asked once the burst is under way, gets a connection at once:
  // it answers before most confirmations have compared their code (with every connection
  // taken by waiting confirmations it came after nearly all of them, or not at all: a 503).
  await new Promise((resolve) => setImmediate(resolve));
  const read = await app.inject({ method: "GET", url: "/api/v1/blog/getWebsiteBlogs?limit=1&offset=0" });
  const comparedBeforeRead = compared;
  const statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
  expect(read.statusCode).toBe(200);
  expect(comparedBeforeRead).toBeLessThan(10);
  // Each got its answer: a wrong code, or 429 past the slots' queue; never a 5xx.
  expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
});
