import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createHasher } from "../secret-key.ts";
import { createTestApi, type TestApi } from "../testing.ts";
import { consumeClientBudget, consumeRateLimit } from "./rate-limit.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

test("consumeRateLimit allows max hits per window, then refuses with the time left", async () => {
  const db = api.database.db;
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db, "test:a", { max: 3, windowMs: 60_000 }));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results[3]?.current).toBe(4);
  expect(results[3]?.retryAfterMs).toBeGreaterThan(50_000);
  expect(results[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
  expect((await consumeRateLimit(db, "test:b", { max: 3, windowMs: 60_000 })).allowed).toBe(true);
});

test("a window that has passed starts again at 1", async () => {
  const db = api.database.db;
  // A window long enough that a loaded machine cannot let it pass between the first two hits.
  const limit = { max: 1, windowMs: 60_000 };
  await consumeRateLimit(db, "test:c", limit);
  expect((await consumeRateLimit(db, "test:c", limit)).allowed).toBe(false);
  // The window passes (the database's clock decides it: moved, not waited for).
  await db.execute(sql`update rate_limits set reset_at = now() - interval '1 millisecond' where key = 'test:c'`);
  expect(await consumeRateLimit(db, "test:c", limit)).toMatchObject({ allowed: true, current: 1 });
});

test("concurrent hits are all counted (one atomic upsert each)", async () => {
  const db = api.database.db;
  const results = await Promise.all(
    Array.from({ length: 20 }, () => consumeRateLimit(db, "test:d", { max: 5, windowMs: 60_000 })),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
});

test("a cost counts a hit as that many (a byte budget)", async () => {
  const db = api.database.db;
  const limit = { max: 1_000, windowMs: 60_000 };
  expect(await consumeRateLimit(db, "test:bytes", { ...limit, cost: 600 })).toMatchObject({
    allowed: true,
    current: 600,
  });
  expect(await consumeRateLimit(db, "test:bytes", { ...limit, cost: 600 })).toMatchObject({
    allowed: false,
    current: 1_200,
  });
});

describe("per-client budgets climb from an IPv6 /64 to its /56 and /48", () => {
  const hasher = createHasher("k".repeat(64));
  const limit = { max: 2, windowMs: 60_000 };
  const hit = (scope: string, ip: string) => consumeClientBudget(api.database.db, hasher, scope, ip, limit);

  test("one /64 spends the budget; other /64s of its /56 share 4 times it, of its /48 16 times it", async () => {
    // A /64 alone: 2 hits, then refused with the window's wait.
    expect((await hit("t1", "2001:db8:5:100::1")).allowed).toBe(true);
    expect((await hit("t1", "2001:db8:5:100::ffff")).allowed).toBe(true);
    const third = await hit("t1", "2001:db8:5:100::2");
    expect(third.allowed).toBe(false);
    expect(third.current).toBeGreaterThan(limit.max);
    expect(third.retryAfterMs).toBeGreaterThan(50_000);
    // Walking to new /64s of the same /56 (2001:db8:5:100::/56): 8 hits in all, then every /64 in it is refused.
    const walk56: boolean[] = [];
    for (let i = 1; i <= 6; i++)
      walk56.push((await hit("t1", `2001:db8:5:1${i.toString(16).padStart(2, "0")}::1`)).allowed);
    expect(walk56).toEqual([true, true, true, true, true, false]);
    expect((await hit("t1", "2001:db8:5:1ff::1")).allowed).toBe(false);
    // Other /56s of the same /48 (2001:db8:5::/48), 2 hits each: the /48 has counted 8 hits so far
    // (a hit refused because its /56 was already spent counts nowhere), and allows 32.
    const walk48: boolean[] = [];
    for (let i = 2; i <= 14; i++)
      for (let j = 0; j < 2; j++) walk48.push((await hit("t1", `2001:db8:5:${i.toString(16)}0${j}::1`)).allowed);
    expect(walk48).toEqual([...Array(24).fill(true), false, false]);
    // Another /48, an IPv4 client and another scope are untouched.
    expect((await hit("t1", "2001:db8:6:100::1")).allowed).toBe(true);
    expect((await hit("t1", "203.0.113.5")).allowed).toBe(true);
    expect((await hit("t2", "2001:db8:5:100::1")).allowed).toBe(true);
  });

  test("walking through the /64s of a spent /48 is refused without adding a row per request", async () => {
    for (let i = 0; i < 40; i++) await hit("t9", `2001:db8:9:${i.toString(16)}::1`);
    const rows = async () =>
      Number(
        (
          (await api.database.db.execute(sql`select count(*)::int as n from rate_limits`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const before = await rows();
    const refused: boolean[] = [];
    for (let i = 100; i < 160; i++) refused.push((await hit("t9", `2001:db8:9:${i.toString(16)}::1`)).allowed);
    expect(refused).toEqual(Array(60).fill(false));
    expect(await rows()).toBe(before);
  });

  test("an IPv4 client is counted alone, as before", async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await hit("t3", "198.51.100.7")).allowed);
    expect(results).toEqual([true, true, false]);
    expect((await hit("t3", "198.51.100.8")).allowed).toBe(true);
  });
});
