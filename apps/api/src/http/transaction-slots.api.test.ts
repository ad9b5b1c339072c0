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

const bursts: {
  name: string;
  /** The lock's key, as the route computes it, for requests about `address` (lower-case). */
  lock: (address: string) => SQL;
  /**
   * The `i`-th request of a burst about `address`, by default each from a client of its own
   * (no per-client limit stops them).
   */
  send: (i: number, address: string, client?: string) => Promise<{ statusCode: number }>;
  /**
   * What each request of a burst from 40 clients may answer once the lock is released: the
   * first is its work's answer; a 429 only where a budget of the site's may refuse it, never
   * the slots' own (40 clients, each with one under way, are within every share).
   */
  answers: number[];
}[] = [
  {
    name: "deletion confirmations (the site's confirmation lock)",
    lock: () => sql`hashtextextended('deletion-confirmations', 0)`,
    send: (i, _address, client = `10.63.0.${i + 1}`) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/auth/confrim-delete-account",
        payload: { email: `made-up.${i}@example.org`, otpCode: "1234" },
        remoteAddress: client,
      }),
    answers: [400, 429],
  },
  {
    name: "contact requests from one address (its sender's lock)",
    lock: (address) => sql`hashtext(${`support-request:${address}`})`,
    send: (i, address, client = `10.64.0.${i + 1}`) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/supportRequests/",
        payload: {
          fullName: `Sender ${i}`,
          email: address.toUpperCase(),
          phone: "+971 50 123 4567",
          subject: "Inquiry",
          division: "Air-Shipping",
          supportInquiry: `Question number ${i} about the next flight.`,
        },
        remoteAddress: client,
      }),
    answers: [201],
  },
  {
    name: "alert subscriptions for one address (the address's lock)",
    lock: (address) =>
      sql`hashtextextended(${`alerts:${secretKeysOf(api.env.SECRET_KEY ?? "").hasher.hash("email", address)}`}, 0)`,
    send: (i, address, client = `10.65.0.${i + 1}`) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/alerts/subscriptions",
        payload: { email: address, watch: "flights", filter: i % 2 ? "export" : "import", language: "en" },
        remoteAddress: client,
      }),
    answers: [202],
  },
];

test.runIf(testDbKind() === "postgres").each(bursts)(
  "a burst of $name leaves the rest of the site its database connections",
  async ({ lock: key, send, answers }) => {
    const lock = await holdAdvisoryLock(api.database.db, key("burst@example.org"));
    let statuses: number[];
    try {
      const burst = Array.from({ length: 40 }, (_, i) => send(i, "burst@example.org"));
      const waiting = await lock.settledWaiters(2);
      const read = await api.app.inject({ method: "GET", url: "/api/v1/blog/getWebsiteBlogs?limit=1&offset=0" });
      expect(read.statusCode).toBe(200);
      expect(waiting).toBe(2);
      await lock.release();
      statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
    } finally {
      await lock.release();
    }
    // Each got its answer, never a 5xx; the first did its work.
    expect(statuses.filter((status) => !answers.includes(status))).toEqual([]);
    expect(statuses[0]).toBe(answers[0]);
  },
);

// One client may have 5 of a kind under way (running or waiting): with the lock held, the
// sixth and seventh from the same address are refused at once while the first five wait.
test.runIf(testDbKind() === "postgres").each(bursts)(
  "$name: one client's sixth and seventh at once answer 429 at once",
  async ({ lock: key, send, answers }) => {
    const lock = await holdAdvisoryLock(api.database.db, key("one.client@example.org"));
    const early: number[] = [];
    let all: Promise<{ statusCode: number }>[];
    try {
      all = Array.from({ length: 7 }, (_, i) => send(100 + i, "one.client@example.org", "10.66.0.1"));
      for (const answer of all) void answer.then((r) => early.push(r.statusCode));
      await lock.settledWaiters(2);
      expect(early).toEqual([429, 429]);
      await lock.release();
    } finally {
      await lock.release();
    }
    const statuses = (await Promise.all(all)).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.filter((status) => status !== 429).every((status) => status === answers[0])).toBe(true);
  },
);
