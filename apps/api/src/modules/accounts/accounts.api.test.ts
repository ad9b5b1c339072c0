import { accountDeletions, accounts, outbox, verificationCodes } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await seedAccounts(api.database.db);
});
afterAll(() => api.close());

let ip = 0;
function ask(email: string, remoteAddress = `10.3.0.${++ip}`) {
  return api.app.inject({
    method: "GET",
    url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });
}
function confirm(email: string, otpCode: string, remoteAddress = `10.4.0.${++ip}`) {
  return api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email, otpCode },
    remoteAddress,
  });
}
/** The code of the newest deletion mail to `email`, read from the outbox as a user reads the mail. */
async function codeMailedTo(email: string): Promise<string> {
  const [mail] = await api.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /verification code is (\d{4})/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
function wrong(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, "0");
}

test("ask answers alike whether or not the account exists, and mails a code only when it does", async () => {
  const known = await ask("sophie.laurent@example.com");
  const unknown = await ask("nobody.here@example.com");
  expect(known.statusCode).toBe(200);
  expect(unknown.statusCode).toBe(200);
  expect(known.json()).toEqual(unknown.json());
  expect(known.json()).toMatchObject({ success: true, data: null });
  const mails = await api.database.db.select().from(outbox);
  expect(mails.filter((m) => m.to === "sophie.laurent@example.com")).toHaveLength(1);
  expect(mails.filter((m) => m.to === "nobody.here@example.com")).toHaveLength(0);
  const code = await codeMailedTo("sophie.laurent@example.com");
  const [stored] = await api.database.db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.email, "sophie.laurent@example.com"));
  // Only a salted hash is stored: `salt$sha256`, never the 4 digits themselves.
  expect(stored?.codeHash).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
  expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
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
  // The code is single-use and the account is gone.
  expect((await confirm("james.whitaker@example.com", code)).statusCode).toBe(400);
});

test("the 6th try of a code is refused even with the right code; a new ask is needed", async () => {
  await ask("omar.mansoori@example.com");
  const code = await codeMailedTo("omar.mansoori@example.com");
  for (let i = 0; i < 5; i++) {
    const r = await confirm("omar.mansoori@example.com", wrong(code));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("Invalid or expired verification code");
  }
  expect((await confirm("omar.mansoori@example.com", code)).statusCode).toBe(400);
  await ask("omar.mansoori@example.com");
  const fresh = await codeMailedTo("omar.mansoori@example.com");
  expect((await confirm("omar.mansoori@example.com", fresh)).statusCode).toBe(200);
});

test("an expired code is refused", async () => {
  await ask("mariam.suwaidi@example.com");
  const code = await codeMailedTo("mariam.suwaidi@example.com");
  await api.database.db
    .update(verificationCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(verificationCodes.email, "mariam.suwaidi@example.com"));
  const response = await confirm("mariam.suwaidi@example.com", code);
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe("Invalid or expired verification code");
  const [account] = await api.database.db
    .select()
    .from(accounts)
    .where(eq(accounts.email, "mariam.suwaidi@example.com"));
  expect(account?.deletedAt).toBeNull();
});

test("a new ask replaces the previous code", async () => {
  await api.database.db.insert(accounts).values({ displayName: "Noura Test", email: "noura.test@example.com" });
  await ask("noura.test@example.com");
  const first = await codeMailedTo("noura.test@example.com");
  let second = first;
  // Two random 4-digit codes are equal once in 10 000 asks: ask again (within the
  // 3-per-window limit) until they differ.
  for (let i = 0; i < 2 && second === first; i++) {
    await ask("noura.test@example.com");
    second = await codeMailedTo("noura.test@example.com");
  }
  expect(second).not.toBe(first);
  expect((await confirm("noura.test@example.com", first)).statusCode).toBe(400);
  expect((await confirm("noura.test@example.com", second)).statusCode).toBe(200);
});

test("confirmations are capped per e-mail per 15 minutes (10) and per day (20), from any client", async () => {
  const email = "guess.target@example.com";
  const expireQuarterHour = () =>
    api.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`confirm:${email}:${15 * 60_000}`}`,
    );
  const tries = async (n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await confirm(email, "0000")).statusCode);
    return statuses;
  };
  expect(await tries(11)).toEqual([...Array(10).fill(400), 429]);
  await expireQuarterHour();
  expect(await tries(10)).toEqual([...Array(9).fill(400), 429]); // the refused 11th counted toward the day
  await expireQuarterHour();
  const refused = await confirm(email, "0000");
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.json().message.match(/(\d+) seconds/)?.[1])).toBeGreaterThan(23 * 3600);
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

test("asks are limited per e-mail (3 per window) and per client (10 per window)", async () => {
  const perEmail = [];
  for (let i = 0; i < 4; i++) perEmail.push((await ask("limit.me@example.com")).statusCode);
  expect(perEmail).toEqual([200, 200, 200, 429]);
  const perClient = [];
  for (let i = 0; i < 11; i++) perClient.push((await ask(`client${i}@example.com`, "10.6.6.6")).statusCode);
  expect(perClient.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(perClient[10]).toBe(429);
});

test("two API instances on one database share codes and limits", async () => {
  const other = await buildApp({ db: api.database.db, dbKind: api.database.kind, env: api.env });
  try {
    const askOn = (app: typeof other, remoteAddress: string) =>
      app.inject({ method: "GET", url: "/api/v1/auth/ask-delete-account?email=shared%40example.com", remoteAddress });
    // The per-e-mail limit (3) counts asks made through either instance.
    expect((await askOn(api.app, "10.7.0.1")).statusCode).toBe(200);
    expect((await askOn(other, "10.7.0.2")).statusCode).toBe(200);
    expect((await askOn(api.app, "10.7.0.3")).statusCode).toBe(200);
    expect((await askOn(other, "10.7.0.4")).statusCode).toBe(429);

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
