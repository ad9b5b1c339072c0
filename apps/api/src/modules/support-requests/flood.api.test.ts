import { outbox, supportRequests } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApi, type TestApi } from "../../testing.ts";
import { deleteMailsAbout } from "../mail/repository.ts";
import { createMailWorker } from "../mail/worker.ts";

const valid = {
  fullName: "Flood Sender",
  email: "sender@example.com",
  phone: "+971 50 123 4567",
  subject: "Inquiry",
  division: "Air-Shipping",
  applicableReference: null,
  supportInquiry: "Is there room on the next flight?",
  sourceIsApp: false,
  sourceIsWebsite: true,
};

function submit(
  api: Pick<TestApi, "app">,
  payload: object,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return api.app.inject({ method: "POST", url: "/api/v1/supportRequests/", payload, remoteAddress, headers });
}

/** A transport that records the recipient and subject of each mail it is given, in order. */
function recorder() {
  const delivered: { to: string; subject: string; text: string }[] = [];
  return {
    delivered,
    transport: {
      kind: "smtp" as const,
      async send(mail: { to: string; subject: string; text: string }) {
        delivered.push({ to: mail.to, subject: mail.subject, text: mail.text });
      },
      close: () => undefined,
    },
  };
}
const silentLog = { info: () => undefined, warn: () => undefined };

describe("a flood of contact requests from 300 networks", () => {
  let api: TestApi;
  let other: FastifyInstance;
  beforeAll(async () => {
    api = await createTestApi({ SUPPORT_EMAIL: "support@khayl.test" });
    // A second instance on the same database: the ceiling is the site's, not each process's.
    other = await buildApp({ db: api.database.db, env: api.env });
    await seedAccounts(api.database.db);
  });
  afterAll(async () => {
    await other.close();
    await api.close();
  });

  test("slow: the site-wide ceiling refuses past 100 an hour, the team gets 20 mails and a digest, a code goes first", async () => {
    // One submission from each of 300 IPv6 /48s, through two instances: 300 clients, none over its own budget.
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const response = await submit(
        i % 2 ? { app: other } : api,
        { ...valid, email: `sender${i}@example.com` },
        `2001:db8:${i.toString(16)}::1`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(201));
    expect(statuses.slice(100)).toEqual(Array(200).fill(429));
    expect(await api.database.db.select({ id: supportRequests.id }).from(supportRequests)).toHaveLength(100);

    // Past the ceiling: 429 with the envelope and retry-after (the rest of the hour), in the request's language.
    const refused = await submit(api, valid, "2001:db8:ffff::1");
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    expect(refused.json()).toEqual({
      success: false,
      statusCode: 429,
      message: `The contact form is receiving too many requests, please try again in ${Math.ceil(wait / 60)} minutes`,
    });
    const arabic = await submit(api, valid, "2001:db8:fffe::1", { language: "ar" });
    expect(arabic.statusCode).toBe(429);
    // A filled honeypot gets the same refusal, not a success that tells a bot the field is a trap.
    const trap = await submit(api, { ...valid, website: "http://spam.example" }, "2001:db8:fffd::1");
    expect([trap.statusCode, trap.json().message]).toEqual([429, refused.json().message]);
    expect(arabic.json().message).toMatch(/^يتلقى نموذج التواصل طلبات كثيرة، يُرجى المحاولة بعد \d+ دقيقة$/);

    // The support team: 20 notifications one by one, the other 80 held for one digest due when the hour ends.
    const toSupport = await api.database.db.select().from(outbox).where(eq(outbox.to, "support@khayl.test"));
    expect(toSupport.filter((m) => m.kind === "support-notification")).toHaveLength(20);
    const digests = toSupport.filter((m) => m.kind === "support-digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text.match(/^Reference: SR-\d{4}-\d{6}$/gm)).toHaveLength(80);
    expect(digests[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    // A deletion code asked now is the first mail the worker sends, ahead of the 120 queued before it.
    const asked = await api.app.inject({
      method: "GET",
      url: "/api/v1/auth/ask-delete-account?email=sophie.laurent%40example.com",
      remoteAddress: "203.0.113.9",
    });
    expect(asked.statusCode).toBe(200);
    const { delivered, transport } = recorder();
    const worker = createMailWorker({
      db: api.database.db,
      env: api.env,
      sealer: api.sealer,
      log: silentLog,
      transport,
    });
    await worker.deliverDue();
    expect(delivered[0]).toMatchObject({ to: "sophie.laurent@example.com", subject: expect.stringMatching(/code/) });
    // 20 notifications and 100 confirmations; the digest waits for the end of the hour.
    expect(delivered).toHaveLength(121);
    expect(delivered.filter((m) => m.subject.startsWith("Support requests received"))).toHaveLength(0);

    // When the hour ends, the next worker run sends the one digest.
    await api.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.kind, "support-digest"));
    await worker.deliverDue();
    const digest = delivered.slice(121);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.to).toBe("support@khayl.test");
    expect(digest[0]?.text).toContain("E-mail: sender99@example.com");
    await worker.stop();
  }, 90_000); // 300 sequential submissions: 9–30 s on a loaded 2-core host (PostgreSQL), no timing asserted
});

describe("one client's share of the site's budgets", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test("five networks sending the largest requests cannot close the form: each is refused past its fifth", async () => {
    // The longest texts the contract allows, in three-byte characters: about 122 KB counted
    // each, so 41 of them would spend the site's 5 MB of the day.
    const largest = {
      ...valid,
      fullName: "中".repeat(200),
      applicableReference: "中".repeat(200),
      supportInquiry: "中".repeat(20_000),
    };
    const byNetwork: number[][] = [];
    for (const network of [1, 2, 3, 4, 5]) {
      const statuses: number[] = [];
      // Another /64 each time within one IPv6 /48: one client, past the per-address limits.
      // Each a request of its own (the same one sent again is answered from the first: not counted).
      for (let i = 0; i < 9; i++)
        statuses.push(
          (await submit(api, { ...largest, email: `n${network}s${i}@example.com` }, `2001:db8:${network}:${i}::1`))
            .statusCode,
        );
      byNetwork.push(statuses);
    }
    // A fifth of 5 MB holds eight: the ninth is refused, and spends nothing of the site's.
    expect(byNetwork).toEqual(Array(5).fill([...Array(8).fill(201), 429]));
    const honest = await submit(api, valid, "198.51.100.7");
    expect(honest.statusCode).toBe(201);
  }, 60_000);
});

describe("the support team's digest", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ SUPPORT_EMAIL: "team@khayl.test", SUPPORT_NOTIFICATIONS_PER_HOUR: "2" });
  });
  afterAll(() => api.close());

  test("past the hour's notifications, requests join one digest; an erased sender's entry leaves it", async () => {
    for (let i = 0; i < 5; i++)
      expect((await submit(api, { ...valid, email: `d${i}@example.com` }, `10.3.0.${i}`)).statusCode).toBe(201);
    const team = () => api.database.db.select().from(outbox).where(eq(outbox.to, "team@khayl.test"));
    expect((await team()).map((m) => m.kind).sort()).toEqual([
      "support-digest",
      "support-notification",
      "support-notification",
    ]);
    const [digest] = (await team()).filter((m) => m.kind === "support-digest");
    expect(digest?.text.match(/^E-mail: .*$/gm)).toEqual([
      "E-mail: d2@example.com",
      "E-mail: d3@example.com",
      "E-mail: d4@example.com",
    ]);
    // A long inquiry is quoted up to 500 characters; the request keeps it whole.
    await submit(api, { ...valid, email: "long@example.com", supportInquiry: "y".repeat(2_000) }, "10.3.0.9");
    const [longer] = (await team()).filter((m) => m.kind === "support-digest");
    expect(longer?.text).toContain(`${"y".repeat(500)}…`);
    expect(longer?.text).not.toContain("y".repeat(501));

    // Deleting d3's account (decision 014) removes their entry only.
    await api.database.db.transaction((tx) => deleteMailsAbout(tx, "D3@example.com"));
    const [after] = await api.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, "team@khayl.test"), eq(outbox.kind, "support-digest")));
    expect(after?.text.match(/^E-mail: .*$/gm)).toEqual([
      "E-mail: d2@example.com",
      "E-mail: d4@example.com",
      "E-mail: long@example.com",
    ]);
  });
});

describe("the bytes stored per day", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ CONTACT_BYTES_PER_DAY: "100000" });
  });
  afterAll(() => api.close());

  test("count the request twice (row and notification); past the cap 429 until the day's window ends", async () => {
    const big = { ...valid, supportInquiry: "z".repeat(9_000) };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await submit(api, { ...big, email: `big${i}@example.com` }, `10.4.0.${i}`)).statusCode);
    // 2 × ~9 KB each, from five clients (each within its fifth): five fit in 100 000 bytes, the sixth does not.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await submit(api, valid, "10.4.1.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3_600);
    expect(refused.json().message).toMatch(
      /^The contact form is receiving too many requests, please try again in \d+ minutes$/,
    );
    expect(await api.database.db.select({ id: supportRequests.id }).from(supportRequests)).toHaveLength(5);
  });
});
