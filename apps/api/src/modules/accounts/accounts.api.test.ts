import { randomBytes } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import { accountDeletions, accounts, deletionLocks, outbox, rateLimits, verificationCodes } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { createHasher } from "../../secret-key.ts";
import { createTestApi, type TestApi } from "../../testing.ts";
import { createMailWorker } from "../mail/worker.ts";
import { purgeExpired } from "../retention/purge.ts";

let api: TestApi;
beforeAll(async () => {
  // These tests enter far more wrong codes than the site's hourly budget allows (its own test:
  // deletion-pause.api.test.ts), to show the per-address and per-client rules.
  api = await createTestApi({ DELETION_WRONG_CODES_PER_HOUR: "10000" });
  await seedAccounts(api.database.db);
});
afterAll(() => api.close());

let ip = 0;
/** A fresh client address (each call without one comes from another client). */
const client = () => `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.${1 + (ip % 7)}`;
function ask(email: string, remoteAddress = client(), headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "GET",
    url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
    remoteAddress,
    headers,
  });
}
function confirm(email: string, otpCode: string, remoteAddress = client(), headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email, otpCode },
    remoteAddress,
    headers,
  });
}
const silentLog = { info: () => undefined, warn: () => undefined };
/** A mail transport that records the recipients it is given. */
const recorder = {
  delivered: [] as string[],
  transport: {
    kind: "smtp" as const,
    async send(mail: { to: string }) {
      recorder.delivered.push(mail.to);
    },
    close: () => undefined,
  },
};
/** The deletion mails sent to `email`, oldest first. */
function mailsTo(email: string) {
  return api.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
}
/** The code of the newest deletion mail to `email`, read from the outbox as a user reads the mail. */
async function codeMailedTo(email: string): Promise<string> {
  const [mail] = await api.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, "delete-account-code")))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /verification code is (\d{4})/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
function wrong(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, "0");
}
/** The HMAC standing for `email` in the database (the test knows the API's secret). */
const emailHashOf = (email: string) => createHasher(api.env.SECRET_KEY ?? "").hash("email", email);
/** Expires `email`'s lock now, as if its time had passed. */
const endLock = (email: string) =>
  api.database.db
    .update(deletionLocks)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(deletionLocks.emailHash, emailHashOf(email)));

test("ask answers alike whether or not the account exists, and mails a code only when it does", async () => {
  const outboxRows = async () => (await api.database.db.select().from(outbox)).length;
  const before = await outboxRows();
  const known = await ask("sophie.laurent@example.com");
  const afterKnown = await outboxRows();
  const unknown = await ask("nobody.here@example.com");
  expect(known.statusCode).toBe(200);
  expect(unknown.statusCode).toBe(200);
  expect(known.json()).toEqual(unknown.json());
  expect(known.json()).toMatchObject({ success: true, data: null });
  const mails = await api.database.db.select().from(outbox);
  expect(mails.filter((m) => m.to === "sophie.laurent@example.com")).toHaveLength(1);
  expect(mails.filter((m) => m.to === "nobody.here@example.com")).toHaveLength(0);
  await expect(codeMailedTo("sophie.laurent@example.com")).resolves.toMatch(/^\d{4}$/);
  // A code was stored for each address all the same (the same work either way).
  expect(await api.database.db.select().from(verificationCodes)).toHaveLength(2);
  // So was an outbox row (no timing difference): for the unknown address, one that is never
  // sent, names nobody, keeps no code, and the retention purge drops.
  expect(afterKnown - before).toBe(1);
  expect(mails.length - afterKnown).toBe(1);
  const suppressed = mails.at(-1);
  expect(suppressed).toMatchObject({ kind: "delete-account-code", to: "[suppressed]", logNote: null, sentAt: null });
  expect(suppressed?.text).not.toMatch(/\d{4}/);
  const worker = createMailWorker({ db: api.database.db, env: api.env, log: silentLog, transport: recorder.transport });
  await worker.deliverDue();
  await worker.stop();
  expect(recorder.delivered).not.toContain("[suppressed]");
  expect(recorder.delivered).toContain("sophie.laurent@example.com");
  await purgeExpired(api.database.db);
  expect(await api.database.db.select().from(outbox).where(eq(outbox.id, suppressed!.id))).toEqual([]);
});

test("the code mail tells the owner what to do if it wasn't them, and expires with the code", async () => {
  await ask("mariam.suwaidi@example.com");
  const [mail] = (await mailsTo("mariam.suwaidi@example.com")).slice(-1);
  expect(mail?.text).toMatch(/^Your verification code is \d{4}\./);
  expect(mail?.text).toContain("If this wasn't you, ignore this e-mail");
  expect(mail?.text).toContain("(UAE time)");
  const [code] = await api.database.db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.emailHash, emailHashOf("mariam.suwaidi@example.com")));
  expect(mail?.expiresAt?.getTime()).toBe(code?.expiresAt.getTime());
  expect(code!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  expect(code!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
});

test("codes are stored as HMACs under the server secret: the database alone names no address and gives no code", async () => {
  await ask("omar.mansoori@example.com", "10.200.0.1");
  const code = await codeMailedTo("omar.mansoori@example.com");
  const rows = await api.database.db.select().from(verificationCodes);
  const keys = await api.database.db.select().from(rateLimits);
  for (const text of [JSON.stringify(rows), JSON.stringify(keys)]) {
    expect(text).not.toContain("omar.mansoori");
    expect(text).not.toContain("10.200.0.1");
  }
  // Another API on the same database with another secret cannot use the stored hash,
  // even with the right code: reading the table is not enough to find the code.
  const thief = await buildApp({
    db: api.database.db,
    dbKind: api.database.kind,
    env: parseEnv({ DATA_DIR: "./data/test", SECRET_KEY: randomBytes(32).toString("hex") }),
  });
  try {
    const stolen = await thief.inject({
      method: "POST",
      url: "/api/v1/auth/confrim-delete-account",
      payload: { email: "omar.mansoori@example.com", otpCode: code },
      remoteAddress: "10.200.0.2",
    });
    expect(stolen.statusCode).toBe(400);
  } finally {
    await thief.close();
  }
});

test("the right code deletes the account's personal data and records the deletion", async () => {
  expect((await ask("James.Whitaker@example.com")).statusCode).toBe(200);
  const code = await codeMailedTo("james.whitaker@example.com");
  const response = await confirm("james.whitaker@example.com", code);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ success: true, message: "Your Account has been deleted successfully!!" });
  const [row] = await api.database.db.select().from(accounts).where(sql`${accounts.deletedAt} is not null`);
  expect(row).toMatchObject({ displayName: null, email: null, phoneNumber: null });
  expect(
    await api.database.db.select().from(accountDeletions).where(eq(accountDeletions.accountId, row!.id)),
  ).toHaveLength(1);
  // The owner is told, by the last mail to that address.
  const mails = await mailsTo("james.whitaker@example.com");
  expect(mails.map((m) => m.kind)).toEqual(["account-deleted"]);
  expect(mails[0]?.subject).toBe("Your Khayl Logistics account has been deleted");
  // The code is single-use and the account is gone.
  expect((await confirm("james.whitaker@example.com", code)).statusCode).toBe(400);
});

test("the 6th try of a code is refused even with the right code; a new ask is needed", async () => {
  const email = "six.tries@example.com";
  await api.database.db.insert(accounts).values({ displayName: "Six Tries", email });
  const owner = "10.201.0.1";
  await ask(email, owner);
  const code = await codeMailedTo(email);
  for (let i = 0; i < 5; i++) {
    const r = await confirm(email, wrong(code));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("Invalid or expired verification code");
  }
  expect((await confirm(email, code)).statusCode).toBe(400);
  await ask(email, owner);
  const fresh = await codeMailedTo(email);
  expect((await confirm(email, fresh)).statusCode).toBe(200);
});

test("an expired code is refused", async () => {
  await api.database.db.insert(accounts).values({ displayName: "Expiry Test", email: "expiry.test@example.com" });
  await ask("expiry.test@example.com");
  const code = await codeMailedTo("expiry.test@example.com");
  await api.database.db
    .update(verificationCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(verificationCodes.emailHash, emailHashOf("expiry.test@example.com")));
  const response = await confirm("expiry.test@example.com", code);
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe("Invalid or expired verification code");
  const [account] = await api.database.db.select().from(accounts).where(eq(accounts.email, "expiry.test@example.com"));
  expect(account?.deletedAt).toBeNull();
});

describe("codes of several clients", () => {
  /** Asks from `from` until the mailed code differs from every code in `not` (equal codes happen once in 10 000). */
  async function askNewCode(email: string, from: string, not: string[]): Promise<string> {
    for (let i = 0; i < 3; i++) {
      await ask(email, from);
      const code = await codeMailedTo(email);
      if (!not.includes(code)) return code;
    }
    throw new Error("the same code three times");
  }

  test("a client's new ask replaces its own code, but not the code another client received", async () => {
    const email = "noura.test@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Noura Test", email });
    const owner = "10.202.0.1";
    const other = "10.202.0.2";
    const first = await askNewCode(email, owner, []);
    const second = await askNewCode(email, owner, [first]);
    // Someone else asks for the same address minutes later: the owner's code still works.
    await askNewCode(email, other, [first, second]);
    expect((await confirm(email, first, owner)).statusCode).toBe(400);
    expect((await confirm(email, second, owner)).statusCode).toBe(200);
  });

  test("at most two codes are live: a third client gets none, and the owner is told the others still work", async () => {
    const email = "three.clients@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Three Clients", email });
    const a = await askNewCode(email, "10.203.0.1", []);
    const b = await askNewCode(email, "10.203.0.2", [a]);
    expect((await ask(email, "10.203.0.3")).statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind).slice(-1)).toEqual(["delete-account-codes-live"]);
    expect(mails.at(-1)?.text).toContain("still valid");
    expect(mails.at(-1)?.text).not.toMatch(/\d{4}/);
    expect(
      await api.database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.emailHash, emailHashOf(email))),
    ).toHaveLength(2);
    // Either code works, from any client.
    expect([a, b]).toContain(await codeMailedTo(email));
    expect((await confirm(email, a, "10.203.0.9")).statusCode).toBe(200);
  });
});

describe("guessing", () => {
  test("10 wrong codes from several clients lock deletion for 24 h, even with the right code; the owner is told", async () => {
    const email = "locked.out@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Locked Out", email });
    // 10 wrong codes from 5 clients (each may answer wrongly 4 times a day), against two
    // codes in turn (each takes 5 wrong tries).
    let code = "";
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 0) {
        await ask(email, "10.204.0.1");
        code = await codeMailedTo(email);
      }
      const r = await confirm(email, wrong(code), `10.204.1.${i % 5}`);
      expect(r.statusCode, `wrong code ${i + 1}`).toBe(400);
    }
    const refused = await confirm(email, code, "10.204.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    const seconds = Number(refused.json().message.match(/(\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThan(23.9 * 3600);
    expect(seconds).toBeLessThanOrEqual(24 * 3600);
    // The header says the same wait, so a client can retry at the right time.
    expect(Number(refused.headers["retry-after"])).toBe(seconds);
    // An ask while locked sends no code: the owner learns that deletion is paused, and why.
    expect((await ask(email, "10.204.0.1")).statusCode).toBe(200);
    const [notice] = (await mailsTo(email)).slice(-1);
    expect(notice?.kind).toBe("delete-account-locked");
    expect(notice?.text).toContain("too many wrong codes");
    expect(notice?.text).not.toMatch(/code is \d{4}/);
    const [account] = await api.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account?.deletedAt).toBeNull();
  });

  test("each further lock lasts twice as long", async () => {
    const email = "locked.twice@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Locked Twice", email });
    for (const round of [1, 2]) {
      let code = "";
      for (let i = 0; i < 10; i++) {
        if (i % 5 === 0) {
          await ask(email, `10.205.${round}.1`);
          code = await codeMailedTo(email);
        }
        await confirm(email, wrong(code), `10.205.${round}.${10 + (i % 5)}`);
      }
      const seconds = Number((await confirm(email, code)).json().message.match(/(\d+) seconds/)?.[1]);
      expect(seconds).toBeGreaterThan((24 * round - 0.1) * 3600);
      expect(seconds).toBeLessThanOrEqual(24 * round * 3600);
      await endLock(email);
    }
  });

  test("a wrong code is compared with every live code and counts once for each", async () => {
    const email = "two.codes@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Two Codes", email });
    await ask(email, "10.206.0.1");
    await ask(email, "10.206.0.2");
    const codes = await api.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.emailHash, emailHashOf(email)));
    expect(codes).toHaveLength(2);
    // "0000" and "0001" cannot both be live codes... unless they are: pick a code neither is.
    const mailed = (await mailsTo(email)).map((m) => /code is (\d{4})/.exec(m.text)?.[1]);
    const guess = ["0000", "0001", "0002"].find((g) => !mailed.includes(g)) ?? "0003";
    for (let i = 0; i < 5; i++) expect((await confirm(email, guess, `10.206.1.${i}`)).statusCode).toBe(400);
    // 5 wrong answers × 2 codes = 10 wrong codes: locked.
    expect((await confirm(email, guess, "10.206.2.1")).statusCode).toBe(429);
  });

  test("one client alone cannot lock an address: after 4 wrong answers only that client is refused", async () => {
    const email = "one.attacker@example.com";
    await api.database.db.insert(accounts).values({ displayName: "One Attacker", email });
    const attacker = "10.207.0.66";
    await ask(email, attacker);
    await ask(email, "10.207.0.1");
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await confirm(email, "9999", attacker)).statusCode);
    // (A live code of 9999 would have ended the game early; 4 wrong answers then 429.)
    if (statuses[0] === 400) expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    // The owner's own client still confirms with the code it received.
    const code = await codeMailedTo(email);
    expect((await confirm(email, code, "10.207.0.1")).statusCode).toBe(200);
  });

  test("an unknown address is locked alike (the answers do not tell whether it has an account)", async () => {
    const email = "no.such.account@example.com";
    const answers = [];
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 0) await ask(email, "10.208.0.1");
      // Even the stored code itself (1 chance in 10 000) is wrong for an address without an account.
      answers.push((await confirm(email, "1234", `10.208.1.${i % 5}`)).statusCode);
    }
    answers.push((await confirm(email, "1234", "10.208.0.1")).statusCode);
    expect(answers).toEqual([...Array(10).fill(400), 429]);
  });
});

describe("budgets per address and client", () => {
  test("asks are limited per address and client (3 per window, 5 a day) and per client (10 per window)", async () => {
    const perPair = [];
    for (let i = 0; i < 4; i++) perPair.push((await ask("limit.me@example.com", "10.209.0.1")).statusCode);
    expect(perPair).toEqual([200, 200, 200, 429]);
    const refused = await ask("limit.me@example.com", "10.209.0.1");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another client asking for the same address is not refused: the owner is never locked out by these asks.
    expect((await ask("limit.me@example.com", "10.209.0.2")).statusCode).toBe(200);
    const perClient = [];
    for (let i = 0; i < 11; i++) perClient.push((await ask(`client${i}@example.com`, "10.6.6.6")).statusCode);
    expect(perClient.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(perClient[10]).toBe(429);
  });

  test("IPv6 addresses of one /64 share one client's budget", async () => {
    const statuses = [];
    for (let i = 1; i <= 11; i++)
      statuses.push((await ask(`v6client${i}@example.com`, `2001:db8:77:1::${i.toString(16)}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect((await ask("v6client12@example.com", "2001:db8:77:2::1")).statusCode).toBe(200);
  });

  test("a client walking through the /64s of its /56 shares 4 times the budget there (40 asks)", async () => {
    const statuses = [];
    for (let i = 0; i < 41; i++)
      statuses.push((await ask(`walker${i}@example.com`, `2001:db8:78:${i.toString(16)}::1`)).statusCode);
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(statuses[40]).toBe(429);
    expect((await ask("walker.next@example.com", "2001:db8:78:ff::1")).statusCode).toBe(429);
    // Another /56 of the same /48 has its own share (the /48 allows 160).
    expect((await ask("walker.other@example.com", "2001:db8:78:100::1")).statusCode).toBe(200);
  });

  test("an attacker spending their asks does not stop the owner from getting a code", async () => {
    const email = "owner.first@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Owner First", email });
    for (let i = 0; i < 6; i++) await ask(email, "10.210.0.66");
    expect((await ask(email, "10.210.0.66")).statusCode).toBe(429);
    const owner = await ask(email, "10.210.0.1");
    expect(owner.statusCode).toBe(200);
    expect((await confirm(email, await codeMailedTo(email), "10.210.0.1")).statusCode).toBe(200);
  });

  test("an address receives at most 20 deletion mails a day, however many clients ask", async () => {
    const email = "mail.bomb@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Mail Bomb", email });
    for (let i = 0; i < 26; i++) expect((await ask(email, `10.211.0.${i}`)).statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(20);
    expect(mails.filter((m) => m.kind === "delete-account-code")).toHaveLength(2);
  });
});

describe("requests a browser is made to send from another site", () => {
  test.each([
    [
      "an <img> on another site",
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" },
    ],
    [
      "a link from another site",
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
    ],
    ["an <img> on this site", { "sec-fetch-site": "same-origin", "sec-fetch-dest": "image" }],
    ["a <script> on this site", { "sec-fetch-site": "same-origin", "sec-fetch-dest": "script" }],
  ])("%s is refused with 403, before anything is counted or mailed", async (_what, headers) => {
    const email = "cross.site@example.com";
    await api.database.db.insert(accounts).values({ displayName: "Cross Site", email }).onConflictDoNothing();
    const before = await api.database.db.select().from(rateLimits);
    const response = await ask(email, "10.212.0.1", headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 403,
      message: "Cross-site requests are not allowed",
    });
    expect((await confirm(email, "1234", "10.212.0.1", headers)).statusCode).toBe(403);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await api.database.db.select().from(rateLimits)).toEqual(before);
  });

  test("the refusal is in Arabic for a caller that asks for Arabic", async () => {
    const response = await ask("cross.site@example.com", "10.212.0.2", {
      "sec-fetch-site": "cross-site",
      "sec-fetch-dest": "image",
      language: "ar",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("الطلبات الواردة من مواقع أخرى غير مسموح بها");
  });

  test("the mobile app, a server and this site's own scripts are answered as before", async () => {
    const ok: Record<string, string>[] = [
      {},
      { "sec-fetch-site": "same-origin", "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" },
      { "sec-fetch-site": "same-site", "sec-fetch-dest": "empty" },
      { "sec-fetch-site": "none", "sec-fetch-dest": "document" },
    ];
    for (const headers of ok) expect((await ask("friendly@example.com", client(), headers)).statusCode).toBe(200);
  });
});

test("bad input is 400 with the product §5 messages", async () => {
  const noEmail = await api.app.inject({
    method: "GET",
    url: "/api/v1/auth/ask-delete-account",
    remoteAddress: "10.5.0.1",
  });
  expect(noEmail.statusCode).toBe(400);
  expect(noEmail.json().message).toBe("Please Enter Email");
  expect((await ask("not-an-email")).json().message).toBe("Must be a valid Email");
  const badCode = await confirm("a@example.com", "12a");
  expect(badCode.statusCode).toBe(400);
  expect(badCode.json().message).toBe("Verification code must be 4 digits");
  // A number is not the 4-digit string (a leading zero would be lost); a missing code is 'Required'.
  const numeric = await api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email: "a@example.com", otpCode: 1234 },
    remoteAddress: "10.5.0.2",
  });
  expect(numeric.json().message).toBe("Verification code must be 4 digits");
  const missing = await api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email: "a@example.com" },
    remoteAddress: "10.5.0.3",
  });
  expect(missing.json().message).toBe("Required");
  const text = await api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: "otpCode=1234",
    headers: { "content-type": "text/plain" },
    remoteAddress: "10.5.0.4",
  });
  expect(text.statusCode).toBe(400);
  expect(text.json()).toMatchObject({ success: false, message: "Request body must be a JSON object" });
});

test("two API instances on one database share codes and limits", async () => {
  const other = await buildApp({ db: api.database.db, dbKind: api.database.kind, env: api.env });
  try {
    const askOn = (app: typeof other) =>
      app.inject({
        method: "GET",
        url: "/api/v1/auth/ask-delete-account?email=shared%40example.com",
        remoteAddress: "10.7.0.1",
      });
    // The per-address-and-client limit (3) counts asks made through either instance.
    expect((await askOn(api.app)).statusCode).toBe(200);
    expect((await askOn(other)).statusCode).toBe(200);
    expect((await askOn(api.app)).statusCode).toBe(200);
    expect((await askOn(other)).statusCode).toBe(429);

    // A code asked for on one instance is checked on the other.
    await api.app.inject({
      method: "GET",
      url: "/api/v1/auth/ask-delete-account?email=sophie.laurent%40example.com",
      remoteAddress: "10.7.1.1",
    });
    const code = await codeMailedTo("sophie.laurent@example.com");
    const confirmed = await other.inject({
      method: "POST",
      url: "/api/v1/auth/confrim-delete-account",
      payload: { email: "sophie.laurent@example.com", otpCode: code },
      remoteAddress: "10.7.1.2",
    });
    expect(confirmed.statusCode).toBe(200);
  } finally {
    await other.close();
  }
});

test("one account per e-mail address whatever its case (the lookups compare lower-case)", async () => {
  await api.database.db.insert(accounts).values({ displayName: "Case One", email: "case.test@example.com" });
  await expect(
    api.database.db.insert(accounts).values({ displayName: "Case Two", email: "Case.Test@Example.com" }),
  ).rejects.toThrow();
});
