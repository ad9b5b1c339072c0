import { accounts, rateLimits, verificationCodes } from "@khayl/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { deletionApi, wrong } from "./deletion-testing.ts";

/** What keeps a code from being guessed or an owner from being flooded: codes per client, locks, budgets, other sites. */
const t = deletionApi();
const { client, ask, confirm, mailsTo, codeMailedTo, emailHashOf, endLock } = t;

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
    await t.api.database.db.insert(accounts).values({ displayName: "Noura Test", email });
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
    await t.api.database.db.insert(accounts).values({ displayName: "Three Clients", email });
    const a = await askNewCode(email, "10.203.0.1", []);
    const b = await askNewCode(email, "10.203.0.2", [a]);
    expect((await ask(email, "10.203.0.3")).statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind).slice(-1)).toEqual(["delete-account-codes-live"]);
    expect(mails.at(-1)?.text).toContain("still valid");
    expect(mails.at(-1)?.text).not.toMatch(/\d{4}/);
    expect(
      await t.api.database.db
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
    await t.api.database.db.insert(accounts).values({ displayName: "Locked Out", email });
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
    // The wait in the message is in hours, the header's in seconds: the same wait, so a client can retry at the right time.
    expect(refused.json().message).toBe("Too many requests, please try again in 24 hours");
    const seconds = Number(refused.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(23.9 * 3600);
    expect(seconds).toBeLessThanOrEqual(24 * 3600);
    // An ask while locked sends no code: the owner learns that deletion is paused, and why.
    expect((await ask(email, "10.204.0.1")).statusCode).toBe(200);
    const [notice] = (await mailsTo(email)).slice(-1);
    expect(notice?.kind).toBe("delete-account-locked");
    expect(notice?.text).toContain("too many wrong codes");
    expect(notice?.text).not.toMatch(/code is \d{4}/);
    const [account] = await t.api.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account?.deletedAt).toBeNull();
  });

  test("each further lock lasts twice as long", async () => {
    const email = "locked.twice@example.com";
    await t.api.database.db.insert(accounts).values({ displayName: "Locked Twice", email });
    for (const round of [1, 2]) {
      let code = "";
      for (let i = 0; i < 10; i++) {
        if (i % 5 === 0) {
          await ask(email, `10.205.${round}.1`);
          code = await codeMailedTo(email);
        }
        await confirm(email, wrong(code), `10.205.${round}.${10 + (i % 5)}`);
      }
      const refused = await confirm(email, code);
      expect(refused.json().message).toBe(`Too many requests, please try again in ${24 * round} hours`);
      const seconds = Number(refused.headers["retry-after"]);
      expect(seconds).toBeGreaterThan((24 * round - 0.1) * 3600);
      expect(seconds).toBeLessThanOrEqual(24 * round * 3600);
      await endLock(email);
    }
  });

  test("a wrong code is compared with every live code and counts once for each", async () => {
    const email = "two.codes@example.com";
    await t.api.database.db.insert(accounts).values({ displayName: "Two Codes", email });
    await ask(email, "10.206.0.1");
    await ask(email, "10.206.0.2");
    const codes = await t.api.database.db
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
    await t.api.database.db.insert(accounts).values({ displayName: "One Attacker", email });
    const attacker = "10.207.0.66";
    await ask(email, attacker);
    await ask(email, "10.207.0.1");
    // A guess that is none of the mailed codes: 4 wrong answers, then 429.
    const mailed = (await mailsTo(email)).map((m) => /code is (\d{4})/.exec(m.text)?.[1]);
    const guess = ["9999", "9998", "9997"].find((g) => !mailed.includes(g)) ?? "9996";
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await confirm(email, guess, attacker)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
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
    await t.api.database.db.insert(accounts).values({ displayName: "Owner First", email });
    for (let i = 0; i < 6; i++) await ask(email, "10.210.0.66");
    expect((await ask(email, "10.210.0.66")).statusCode).toBe(429);
    const owner = await ask(email, "10.210.0.1");
    expect(owner.statusCode).toBe(200);
    expect((await confirm(email, await codeMailedTo(email), "10.210.0.1")).statusCode).toBe(200);
  });

  test("an address receives at most 20 deletion mails a day, however many clients ask", async () => {
    const email = "mail.bomb@example.com";
    await t.api.database.db.insert(accounts).values({ displayName: "Mail Bomb", email });
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
    await t.api.database.db.insert(accounts).values({ displayName: "Cross Site", email }).onConflictDoNothing();
    const before = await t.api.database.db.select().from(rateLimits);
    const response = await ask(email, "10.212.0.1", headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 403,
      message: "Cross-site requests are not allowed",
    });
    expect((await confirm(email, "1234", "10.212.0.1", headers)).statusCode).toBe(403);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await t.api.database.db.select().from(rateLimits)).toEqual(before);
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
