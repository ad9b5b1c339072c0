import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { accounts, outbox, rateLimits } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { createLogger } from "../../http/log.ts";
import { secretKeysOf } from "../../secret-key.ts";
import { openedOutbox } from "../mail/testing.ts";

let database: DbHandle;
let app: FastifyInstance;
let other: FastifyInstance;
const lines: string[] = [];
const env = parseEnv({
  DATA_DIR: "./data/test",
  SECRET_KEY: randomBytes(32).toString("hex"),
  SUPPORT_EMAIL: "ops@khayl.test",
  DELETION_WRONG_CODES_PER_HOUR: "3",
});

beforeAll(async () => {
  database = await createTestDb();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ db: database.db, env }, { logger: createLogger("info", destination) });
  // A second instance on the same database: the budget is the site's, not the process's.
  other = await buildApp({ db: database.db, env });
  await database.db
    .insert(accounts)
    .values(["victim.one", "victim.two", "owner"].map((name) => ({ displayName: name, email: `${name}@example.com` })));
});
afterAll(async () => {
  await app.close();
  await other.close();
  await database.close();
});

let ip = 0;
const ask = (email: string) =>
  app.inject({
    method: "GET",
    url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
    remoteAddress: `10.8.0.${++ip}`,
  });
const confirm = (email: string, otpCode: string, headers: Record<string, string> = {}, on = app) =>
  on.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email, otpCode },
    remoteAddress: `10.9.0.${++ip}`,
    headers,
  });
async function codeOf(email: string): Promise<string> {
  const { sealer } = secretKeysOf(env.SECRET_KEY ?? "");
  const mail = (
    await openedOutbox(database.db, sealer, and(eq(outbox.to, email), eq(outbox.kind, "delete-account-code")))
  ).at(-1);
  return /verification code is (\d{4})/.exec(mail?.text ?? "")?.[1] ?? "";
}
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");
const alerts = () => database.db.select().from(outbox).where(eq(outbox.to, "ops@khayl.test"));
const errorLines = () => lines.filter((line) => JSON.parse(line).level === 50);

test("past the site's wrong codes in an hour, every confirmation pauses and the operator is told once", async () => {
  await ask("victim.one@example.com");
  await ask("victim.two@example.com");
  const one = await codeOf("victim.one@example.com");
  const two = await codeOf("victim.two@example.com");
  // Three wrong codes, for two addresses, from three clients: none of them is near its own limits.
  expect((await confirm("victim.one@example.com", wrong(one))).statusCode).toBe(400);
  expect((await confirm("victim.one@example.com", wrong(one))).statusCode).toBe(400);
  expect(await alerts()).toHaveLength(0);
  expect((await confirm("victim.two@example.com", wrong(two))).statusCode).toBe(400);

  // The budget is reached: the operator gets one mail and one error line.
  const [alert] = await alerts();
  expect(alert).toMatchObject({ kind: "deletion-paused-alert", subject: expect.stringContaining("paused") });
  expect(alert?.text).toContain("3 wrong account-deletion codes");
  expect(errorLines()).toHaveLength(1);
  expect(JSON.parse(errorLines()[0]!)).toMatchObject({ wrongCodes: 3, msg: expect.stringContaining("paused") });

  // Now even the right code of another account waits, on every instance, in the caller's language.
  await ask("owner@example.com");
  const code = await codeOf("owner@example.com");
  const paused = await confirm("owner@example.com", code);
  expect(paused.statusCode).toBe(429);
  const wait = Number(paused.headers["retry-after"]);
  expect(wait).toBeGreaterThan(3_000);
  expect(wait).toBeLessThanOrEqual(3_600);
  expect(paused.json()).toEqual({
    success: false,
    statusCode: 429,
    message: `Account deletion is paused after too many wrong verification codes, please try again in ${Math.ceil(wait / 60)} minutes`,
  });
  const arabic = await confirm("owner@example.com", code, { language: "ar" }, other);
  expect(arabic.statusCode).toBe(429);
  expect(arabic.json().message).toMatch(/^حذف الحسابات متوقف مؤقتًا بعد إدخال رموز تحقق خاطئة كثيرة/);

  // Attempts during the pause compare nothing and tell the operator nothing more.
  for (let i = 0; i < 3; i++) expect((await confirm("victim.two@example.com", wrong(two))).statusCode).toBe(429);
  expect(await alerts()).toHaveLength(1);
  expect(errorLines()).toHaveLength(1);

  // When the hour ends, the owner's code works.
  await database.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, "site:wrong-deletion-codes"));
  expect((await confirm("owner@example.com", code)).statusCode).toBe(200);
});

test("one client cannot pause deletions for everyone: past its share of the hour it alone is refused", async () => {
  // The budget is 3 wrong codes an hour, so one client's share is 1 (a fifth, at least one).
  await database.db.insert(accounts).values({ displayName: "keeper", email: "keeper@example.com" });
  const junk = ["junk.one", "junk.two", "junk.three"].map((name) => `${name}@example.org`);
  for (const email of junk) await ask(email);
  const codes = await Promise.all(junk.map(codeOf));
  const from = (email: string, otpCode: string, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/auth/confrim-delete-account",
      payload: { email, otpCode },
      remoteAddress,
    });
  // One IPv4 client: its first wrong code counts; the next ones are refused and count nowhere.
  expect((await from(junk[0]!, wrong(codes[0]!), "10.70.0.1")).statusCode).toBe(400);
  const refused = await from(junk[1]!, wrong(codes[1]!), "10.70.0.1");
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toMatch(/^Too many requests/);
  expect((await from(junk[2]!, wrong(codes[2]!), "10.70.0.1")).statusCode).toBe(429);
  // An IPv6 client is one client across its /48, whichever /64 it sends from.
  expect((await from(junk[1]!, wrong(codes[1]!), "2001:db8:7:1::1")).statusCode).toBe(400);
  expect((await from(junk[2]!, wrong(codes[2]!), "2001:db8:7:2::1")).statusCode).toBe(429);
  // Two wrong codes in the hour, under the site's three: deletion works for everyone else.
  await ask("keeper@example.com");
  expect((await from("keeper@example.com", await codeOf("keeper@example.com"), "10.70.0.2")).statusCode).toBe(200);
  expect(await alerts()).toHaveLength(1);
});
