import { holdAdvisoryLock, testDbKind } from "@khayl/db/testing";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { secretKeysOf } from "../secret-key.ts";
import { createTestApi, type TestApi } from "../testing.ts";

/**
 * Requests that wait on an advisory lock inside their transactions (architecture §3.7
 * "Connections"). On PostgreSQL only: PGlite has one connection and runs one transaction at
 * a time, so no burst there can take connections from anyone. The lock is held while a burst
 * arrives, so every request of it that got a transaction waits in it: with the routes' slots
 * (two at a time) a read of another page still gets one of the pool's connections at once;
 * without them every pooled connection waits on the lock and the read answers 503.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const burstAddress = "burst@example.org";

const bursts: {
  name: string;
  /** The lock's key, as the route computes it. */
  lock: () => SQL;
  /** The `i`-th request of the burst, each from a client of its own (no per-client limit stops them). */
  send: (i: number) => Promise<{ statusCode: number }>;
  /** What each request may answer once the lock is released. */
  answers: number[];
}[] = [
  {
    name: "deletion confirmations (the site's confirmation lock)",
    lock: () => sql`hashtextextended('deletion-confirmations', 0)`,
    send: (i) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/auth/confrim-delete-account",
        payload: { email: `made-up.${i}@example.org`, otpCode: "1234" },
        remoteAddress: `10.63.0.${i + 1}`,
      }),
    answers: [400, 429],
  },
  {
    name: "contact requests from one address (its sender's lock)",
    lock: () => sql`hashtext(${`support-request:${burstAddress}`})`,
    send: (i) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/supportRequests/",
        payload: {
          fullName: `Sender ${i}`,
          email: "Burst@Example.org",
          phone: "+971 50 123 4567",
          subject: "Inquiry",
          division: "Air-Shipping",
          supportInquiry: `Question number ${i} about the next flight.`,
        },
        remoteAddress: `10.64.0.${i + 1}`,
      }),
    answers: [201, 429],
  },
  {
    name: "alert subscriptions for one address (the address's lock)",
    lock: () =>
      sql`hashtextextended(${`alerts:${secretKeysOf(api.env.SECRET_KEY ?? "").hasher.hash("email", burstAddress)}`}, 0)`,
    send: (i) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/alerts/subscriptions",
        payload: { email: burstAddress, watch: "flights", filter: i % 2 ? "export" : "import", language: "en" },
        remoteAddress: `10.65.0.${i + 1}`,
      }),
    answers: [202, 429],
  },
];

test.runIf(testDbKind() === "postgres").each(bursts)(
  "a burst of $name leaves the rest of the site its database connections",
  async ({ lock: key, send, answers }) => {
    const lock = await holdAdvisoryLock(api.database.db, key());
    let statuses: number[];
    try {
      const burst = Array.from({ length: 40 }, (_, i) => send(i));
      const waiting = await lock.settledWaiters(2);
      const read = await api.app.inject({ method: "GET", url: "/api/v1/blog/getWebsiteBlogs?limit=1&offset=0" });
      expect(read.statusCode).toBe(200);
      expect(waiting).toBe(2);
      await lock.release();
      statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
    } finally {
      await lock.release();
    }
    // Each got its answer (429 past the slots' queue or a budget), never a 5xx; the first did its work.
    expect(statuses.filter((status) => !answers.includes(status))).toEqual([]);
    expect(statuses[0]).toBe(answers[0]);
  },
);
