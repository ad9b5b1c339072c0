import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../testing.ts";
import { consumeRateLimit } from "./rate-limit.ts";

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
