import { randomBytes } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import { accountDeletions, accounts, outbox, rateLimits, verificationCodes } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { openMail } from "../mail/repository.ts";
import { createMailWorker } from "../mail/worker.ts";
import { purgeExpired } from "../retention/purge.ts";
import { deletionApi, wrong } from "./deletion-testing.ts";

/** Deleting an account by a mailed code (product §5): the code, its mail, what deletion removes, bad input. */
const t = deletionApi();
const { ask, confirm, mailsTo, codeMailedTo, emailHashOf } = t;

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

test("ask answers alike whether or not the account exists, and mails a code only when it does", async () => {
  const outboxRows = async () => (await t.api.database.db.select().from(outbox)).length;
  const before = await outboxRows();
  const known = await ask("sophie.laurent@example.com");
  const afterKnown = await outboxRows();
  const unknown = await ask("nobody.here@example.com");
  expect(known.statusCode).toBe(200);
  expect(unknown.statusCode).toBe(200);
  expect(known.json()).toEqual(unknown.json());
  expect(known.json()).toMatchObject({ success: true, data: null });
  const mails = await t.api.database.db.select().from(outbox);
  expect(mails.filter((m) => m.to === "sophie.laurent@example.com")).toHaveLength(1);
  expect(mails.filter((m) => m.to === "nobody.here@example.com")).toHaveLength(0);
  await expect(codeMailedTo("sophie.laurent@example.com")).resolves.toMatch(/^\d{4}$/);
  // A code was stored for each address all the same (the same work either way).
  expect(await t.api.database.db.select().from(verificationCodes)).toHaveLength(2);
  // So was an outbox row (no timing difference): for the unknown address, one that is never
  // sent, names nobody, keeps no code, and the retention purge drops.
  expect(afterKnown - before).toBe(1);
  expect(mails.length - afterKnown).toBe(1);
  const suppressed = mails.at(-1);
  expect(suppressed).toMatchObject({ kind: "delete-account-code", to: "[suppressed]", logNote: null, sentAt: null });
  // Its text is sealed like any code mail's; opened as the worker would, it holds no code.
  const opened = openMail(t.api.sealer, suppressed!);
  expect(opened.text).not.toMatch(/\d{4}/);
  expect(opened.html).toBeNull();
  const worker = createMailWorker({
    db: t.api.database.db,
    sealer: t.api.sealer,
    env: t.api.env,
    log: silentLog,
    transport: recorder.transport,
  });
  await worker.deliverDue();
  await worker.stop();
  expect(recorder.delivered).not.toContain("[suppressed]");
  expect(recorder.delivered).toContain("sophie.laurent@example.com");
  await purgeExpired(t.api.database.db);
  expect(await t.api.database.db.select().from(outbox).where(eq(outbox.id, suppressed!.id))).toEqual([]);
});

test("a HEAD of ask (a link checker, a mail scanner) is 405 and mails no code", async () => {
  const email = "sophie.laurent@example.com";
  const before = (await mailsTo(email)).length;
  const head = await t.api.app.inject({
    method: "HEAD",
    url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
    remoteAddress: t.client(),
  });
  expect(head.statusCode).toBe(405);
  expect(head.headers.allow).toBe("GET");
  expect(await mailsTo(email)).toHaveLength(before);
});

test("the code mail tells the owner what to do if it wasn't them, and expires with the code", async () => {
  await ask("mariam.suwaidi@example.com");
  const [mail] = (await mailsTo("mariam.suwaidi@example.com")).slice(-1);
  expect(mail?.text).toMatch(/^Your verification code is \d{4}\./);
  expect(mail?.text).toContain("If this wasn't you, ignore this e-mail");
  expect(mail?.text).toContain("(UAE time)");
  const [code] = await t.api.database.db
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
  const rows = await t.api.database.db.select().from(verificationCodes);
  const keys = await t.api.database.db.select().from(rateLimits);
  for (const text of [JSON.stringify(rows), JSON.stringify(keys)]) {
    expect(text).not.toContain("omar.mansoori");
    expect(text).not.toContain("10.200.0.1");
  }
  // Another API on the same database with another secret cannot use the stored hash,
  // even with the right code: reading the table is not enough to find the code.
  const thief = await buildApp({
    db: t.api.database.db,
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
  const [row] = await t.api.database.db.select().from(accounts).where(sql`${accounts.deletedAt} is not null`);
  expect(row).toMatchObject({ displayName: null, email: null, phoneNumber: null });
  expect(
    await t.api.database.db.select().from(accountDeletions).where(eq(accountDeletions.accountId, row!.id)),
  ).toHaveLength(1);
  // The owner is told, by the last mail to that address.
  const mails = await mailsTo("james.whitaker@example.com");
  expect(mails.map((m) => m.kind)).toEqual(["account-deleted"]);
  expect(mails[0]?.subject).toBe("Your Khayl Logistics account has been deleted");
  // The code is single-use and the account is gone.
  expect((await confirm("james.whitaker@example.com", code)).statusCode).toBe(400);
});

test("a code typed on an Arabic keyboard (Arabic-Indic digits) is the same code", async () => {
  expect((await ask("khalid.nuaimi@example.com")).statusCode).toBe(200);
  const code = await codeMailedTo("khalid.nuaimi@example.com");
  const arabic = [...code].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join("");
  const response = await confirm("khalid.nuaimi@example.com", arabic);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ success: true, message: "Your Account has been deleted successfully!!" });
});

test("the 6th try of a code is refused even with the right code; a new ask is needed", async () => {
  const email = "six.tries@example.com";
  await t.api.database.db.insert(accounts).values({ displayName: "Six Tries", email });
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
  await t.api.database.db.insert(accounts).values({ displayName: "Expiry Test", email: "expiry.test@example.com" });
  await ask("expiry.test@example.com");
  const code = await codeMailedTo("expiry.test@example.com");
  await t.api.database.db
    .update(verificationCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(verificationCodes.emailHash, emailHashOf("expiry.test@example.com")));
  const response = await confirm("expiry.test@example.com", code);
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe("Invalid or expired verification code");
  const [account] = await t.api.database.db
    .select()
    .from(accounts)
    .where(eq(accounts.email, "expiry.test@example.com"));
  expect(account?.deletedAt).toBeNull();
});

test("bad input is 400 with the product §5 messages", async () => {
  const noEmail = await t.api.app.inject({
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
  const numeric = await t.api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email: "a@example.com", otpCode: 1234 },
    remoteAddress: "10.5.0.2",
  });
  expect(numeric.json().message).toBe("Verification code must be 4 digits");
  const missing = await t.api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email: "a@example.com" },
    remoteAddress: "10.5.0.3",
  });
  expect(missing.json().message).toBe("Required");
  const text = await t.api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: "otpCode=1234",
    headers: { "content-type": "text/plain" },
    remoteAddress: "10.5.0.4",
  });
  // JSON only: a text body is refused for its type before any schema reads it.
  expect(text.statusCode).toBe(415);
  expect(text.json()).toMatchObject({ success: false, message: "Unsupported content type" });
});

test("two API instances on one database share codes and limits", async () => {
  const other = await buildApp({ db: t.api.database.db, env: t.api.env });
  try {
    const askOn = (app: typeof other) =>
      app.inject({
        method: "GET",
        url: "/api/v1/auth/ask-delete-account?email=shared%40example.com",
        remoteAddress: "10.7.0.1",
      });
    // The per-address-and-client limit (3) counts asks made through either instance.
    expect((await askOn(t.api.app)).statusCode).toBe(200);
    expect((await askOn(other)).statusCode).toBe(200);
    expect((await askOn(t.api.app)).statusCode).toBe(200);
    expect((await askOn(other)).statusCode).toBe(429);

    // A code asked for on one instance is checked on the other.
    await t.api.app.inject({
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
  await t.api.database.db.insert(accounts).values({ displayName: "Case One", email: "case.test@example.com" });
  await expect(
    t.api.database.db.insert(accounts).values({ displayName: "Case Two", email: "Case.Test@Example.com" }),
  ).rejects.toThrow();
});
