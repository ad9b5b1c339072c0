import { accounts, outbox } from "@khayl/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

/**
 * The site-wide budget of deletion asks (`DELETION_ASKS_PER_HOUR`, decision 021): each ask
 * may mail an account's owner, so clients together cannot make the site mail without end.
 * A budget of 10 an hour here: one client may spend 2 of it.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ DELETION_ASKS_PER_HOUR: "10" });
  await api.database.db
    .insert(accounts)
    .values(Array.from({ length: 14 }, (_, i) => ({ displayName: `Owner ${i}`, email: `owner.${i}@example.com` })));
});
afterAll(() => api?.close());

const ask = (email: string, remoteAddress: string) =>
  api.app.inject({
    method: "GET",
    url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });

const mailedCount = async (email: string) =>
  (await api.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, email))).length;

test("one client spends a fifth of the site's asks; five use them up and every ask waits for the hour, mailing nobody", async () => {
  // One client, three owners (no per-address limit is reached): its third ask is past its share.
  expect((await ask("owner.0@example.com", "10.30.0.1")).statusCode).toBe(200);
  expect((await ask("owner.1@example.com", "10.30.0.1")).statusCode).toBe(200);
  expect(await mailedCount("owner.1@example.com")).toBe(1);
  const pastShare = await ask("owner.2@example.com", "10.30.0.1");
  expect(pastShare.statusCode).toBe(429);
  expect(pastShare.json()).toMatchObject({ success: false, statusCode: 429 });
  expect(Number(pastShare.headers["retry-after"])).toBeGreaterThan(0);
  expect(await mailedCount("owner.2@example.com")).toBe(0);
  // Another address of the same IPv6 /48 is the same client for the site's budget.
  expect((await ask("owner.2@example.com", "2001:db8:30::1")).statusCode).toBe(200);
  expect((await ask("owner.3@example.com", "2001:db8:30:ff::1")).statusCode).toBe(200);
  expect((await ask("owner.4@example.com", "2001:db8:30:1234::9")).statusCode).toBe(429);
  // The refused ask counted nowhere: three more clients spend the rest (2 + 2 + 2 of 10).
  let owner = 4;
  for (const client of ["10.30.0.2", "10.30.0.3", "10.30.0.4"])
    for (let i = 0; i < 2; i++) expect((await ask(`owner.${owner++}@example.com`, client)).statusCode).toBe(200);
  // The site's hour is spent: a client that never asked is refused too, and no mail is queued.
  const fresh = await ask("owner.13@example.com", "10.30.0.99");
  expect(fresh.statusCode).toBe(429);
  expect(Number(fresh.headers["retry-after"])).toBeGreaterThan(0);
  expect(await mailedCount("owner.13@example.com")).toBe(0);
  // An address without an account is answered alike.
  expect((await ask("nobody@example.com", "10.30.0.98")).statusCode).toBe(429);
});
