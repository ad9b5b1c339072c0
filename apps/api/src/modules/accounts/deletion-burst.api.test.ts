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
 * one at a time. (PGlite runs one transaction at a time: there this test shows the rule.)
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
  // One client sends a wrong code for every address, five at once (the most one client may
  // have under way: the routes' slots). Its share is a fifth of the site's 30: 6 codes
  // compared, each answered 400; every other confirmation 429.
  const answers = [];
  for (let wave = 0; wave < addresses.length; wave += 5)
    answers.push(
      ...(await Promise.all(
        addresses.slice(wave, wave + 5).map((email) =>
          app.inject({
            method: "POST",
            url: "/api/v1/auth/confrim-delete-account",
            payload: { email, otpCode: "0000" },
            remoteAddress: "10.62.0.1",
          }),
        ),
      )),
    );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 400)).toHaveLength(6);
  expect(statuses.filter((status) => status === 429)).toHaveLength(14);
});
