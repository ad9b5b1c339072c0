import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DbHandle } from "@khayl/db/client";
import {
  alertSubscriptions,
  deletionLocks,
  outbox,
  rateLimits,
  supportRequests,
  verificationCodes,
} from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { createRetentionJob, purgeExpired } from "./purge.ts";

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const ago = (days: number) => sql`now() - make_interval(days => ${days})`;
const ahead = sql`now() + interval '10 minutes'`;
const past = sql`now() - interval '1 second'`;

function code(id: string, expiresAt: SQL) {
  return { emailHash: id, clientHash: "c", codeHash: "h", expiresAt: expiresAt as unknown as Date };
}
function mail(to: string, values: Partial<Record<"sentAt" | "expiresAt" | "createdAt", SQL>> = {}) {
  return { kind: "test", to, subject: "s", text: "t", ...values } as unknown as typeof outbox.$inferInsert;
}

test("the purge deletes ended windows, expired codes, expired code mails and old mail, and nothing else", async () => {
  const db = database.db;
  await db.insert(rateLimits).values([
    { key: "ended", count: 1, resetAt: past as unknown as Date },
    { key: "running", count: 1, resetAt: ahead as unknown as Date },
  ]);
  await db.insert(verificationCodes).values([code("expired", past), code("live", ahead)]);
  await db
    .insert(outbox)
    .values([
      mail("expired.code@example.com", { expiresAt: past }),
      mail("live.code@example.com", { expiresAt: ahead }),
      mail("sent.long.ago@example.com", { sentAt: ago(8), createdAt: ago(8) }),
      mail("sent.yesterday@example.com", { sentAt: ago(1), createdAt: ago(1) }),
      mail("never.sent@example.com", { createdAt: ago(31) }),
      mail("pending@example.com"),
    ]);
  await db.insert(deletionLocks).values([
    { emailHash: "idle-a-year", wrongCodes: 3, lastWrongAt: ago(366) as unknown as Date },
    { emailHash: "recent", wrongCodes: 3, lastWrongAt: ago(10) as unknown as Date },
    {
      emailHash: "still-locked",
      wrongCodes: 0,
      locks: 9,
      lastWrongAt: ago(400) as unknown as Date,
      lockedUntil: ahead as unknown as Date,
    },
  ]);
  // Alert requests: unconfirmed for 8 days (purged), for 6 days and confirmed long ago (kept; decision 028).
  const alert = (email: string, createdAt: Date, confirmedAt: Date | null = null) => ({
    email,
    watch: "flights",
    filter: "all",
    language: "en",
    nonce: email,
    consentVersion: "v",
    createdAt,
    confirmedAt,
  });
  await db
    .insert(alertSubscriptions)
    .values([
      alert("stale@example.com", new Date(Date.now() - 8 * 86_400_000)),
      alert("fresh@example.com", new Date(Date.now() - 6 * 86_400_000)),
      alert("kept@example.com", new Date(Date.now() - 90 * 86_400_000), new Date(Date.now() - 89 * 86_400_000)),
    ]);

  // Support requests: sent two years and a day ago (anonymised), 700 days ago (kept).
  const request = (reference: string, days: number) => ({
    reference,
    fullName: "Nora Visitor",
    email: `${reference}@example.com`,
    phone: "+971501234567",
    subject: "Service request",
    division: "Air shipping",
    applicableReference: "AWB-1",
    supportInquiry: "Please call me about the flight.",
    createdAt: ago(days) as unknown as Date,
  });
  await db.insert(supportRequests).values([request("SR-OLD", 731), request("SR-KEPT", 700)]);

  expect(await purgeExpired(db)).toEqual({
    rateLimits: 1,
    codes: 1,
    expiredCodeMails: 1,
    deliveredMails: 1,
    undeliveredMails: 1,
    deletionLocks: 1,
    unconfirmedAlerts: 1,
    supportRequests: 1,
    mailFiles: 0,
  });
  const requests = await db.select().from(supportRequests).orderBy(supportRequests.reference);
  expect(
    requests.map((r) => [r.reference, r.fullName, r.email, r.phone, r.supportInquiry, r.applicableReference]),
  ).toEqual([
    ["SR-KEPT", "Nora Visitor", "SR-KEPT@example.com", "+971501234567", "Please call me about the flight.", "AWB-1"],
    ["SR-OLD", "", "", "", "", null],
  ]);
  // What the support team counts stays: reference, subject, division and date.
  expect(requests[1]).toMatchObject({ subject: "Service request", division: "Air shipping" });
  expect(requests[1]?.erasedAt).toBeInstanceOf(Date);
  expect((await db.select().from(alertSubscriptions)).map((r) => r.email).sort()).toEqual([
    "fresh@example.com",
    "kept@example.com",
  ]);
  expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["running"]);
  expect((await db.select().from(verificationCodes)).map((r) => r.emailHash)).toEqual(["live"]);
  expect((await db.select().from(outbox).orderBy(outbox.id)).map((r) => r.to)).toEqual([
    "live.code@example.com",
    "sent.yesterday@example.com",
    "pending@example.com",
  ]);
  expect((await db.select().from(deletionLocks)).map((r) => r.emailHash).sort()).toEqual(["recent", "still-locked"]);
  expect(await purgeExpired(db)).toMatchObject({ rateLimits: 0, codes: 0, deliveredMails: 0 });
});

test("where mail goes to files, the demo's .eml files are purged as old delivered mail is", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "khayl-eml-"));
  try {
    const outboxDir = path.join(dataDir, "outbox");
    await mkdir(outboxDir);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    for (const name of ["000001-support-notification.eml", "000002-alert-confirmation.eml", "000003-test.eml"])
      await writeFile(path.join(outboxDir, name), "To: nora@example.com\n\nNora Visitor, +971501234567");
    for (const name of ["000001-support-notification.eml", "000002-alert-confirmation.eml"])
      await utimes(path.join(outboxDir, name), eightDaysAgo, eightDaysAgo);
    expect(await purgeExpired(database.db, dataDir)).toMatchObject({ mailFiles: 2 });
    expect(await readdir(outboxDir)).toEqual(["000003-test.eml"]);
    // A server whose mail goes through SMTP has no such folder.
    expect(await purgeExpired(database.db, path.join(dataDir, "none"))).toMatchObject({ mailFiles: 0 });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("counting a hit no longer purges on the request path", async () => {
  const db = database.db;
  await db.insert(rateLimits).values({ key: "ended-long-ago", count: 1, resetAt: ago(1) as unknown as Date });
  for (let i = 0; i < 300; i++) await consumeRateLimit(db, `hit:${i % 3}`, { max: 1000, windowMs: 60_000 });
  // With the old 1 % purge per hit, 300 hits would have deleted it (95 % of the time).
  expect((await db.select().from(rateLimits)).map((r) => r.key)).toContain("ended-long-ago");
});

test("each purge statement, and the worker's claim, finds its rows through an index (migrations 0003, 0008)", async () => {
  const plans: Record<string, string> = {};
  const queries: Record<string, SQL> = {
    rateLimits: sql`select key from rate_limits where reset_at < now()`,
    codes: sql`select id from verification_codes where expires_at < now()`,
    expiredCodeMails: sql`select id from outbox where expires_at is not null and expires_at <= now() and sent_at is null`,
    deliveredMails: sql`select id from outbox where sent_at < now() - interval '7 days'`,
    deletionLocks: sql`select email_hash from deletion_locks where last_wrong_at < now() - interval '365 days'`,
    erasureOutbox: sql`select id from outbox where lower("to") = 'a@example.com'`,
    erasureSupport: sql`select id from support_requests where lower(email) = 'a@example.com'`,
    supportRetention: sql`select id from support_requests where erased_at is null and created_at < now() - interval '730 days'`,
    claim: sql`select id from outbox where sent_at is null and next_attempt_at <= now() order by priority, id limit 20`,
  };
  await database.db.transaction(async (tx) => {
    // With sequential scans priced out, the planner uses an index whenever one fits.
    await tx.execute(sql`set local enable_seqscan = off`);
    for (const [name, query] of Object.entries(queries)) {
      const result = await tx.execute(sql`explain ${query}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
      plans[name] = rows.map((r) => Object.values(r)[0]).join("\n");
    }
  });
  for (const [name, plan] of Object.entries(plans)) expect(plan, name).toMatch(/Index|Bitmap/);
  expect(plans.rateLimits).toContain("rate_limits_reset_at_idx");
  expect(plans.codes).toContain("verification_codes_expires_at_idx");
  // Unsent mail: either index of it fits.
  expect(plans.expiredCodeMails).toMatch(/outbox_pending_idx|outbox_lane_idx/);
  expect(plans.deliveredMails).toContain("outbox_pending_idx");
  expect(plans.deletionLocks).toContain("deletion_locks_last_wrong_at_idx");
  expect(plans.erasureOutbox).toContain("outbox_to_lower_idx");
  expect(plans.erasureSupport).toContain("support_requests_email_lower_idx");
  expect(plans.supportRetention).toContain("support_requests_unerased_created_at_idx");
  expect(plans.claim).toContain("outbox_lane_idx");
});

test("the scheduled job purges at once and again every interval, and stops cleanly", async () => {
  const db = database.db;
  const logged: object[] = [];
  await db.insert(rateLimits).values({ key: "job-1", count: 1, resetAt: past as unknown as Date });
  const job = createRetentionJob({
    db,
    kind: database.kind,
    log: { debug: () => undefined, info: (obj) => logged.push(obj), warn: () => undefined },
    intervalMs: 100,
  });
  job.start();
  const gone = async (key: string) => {
    for (let i = 0; i < 100; i++) {
      const keys = (await db.select().from(rateLimits)).map((r) => r.key);
      if (!keys.includes(key)) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };
  expect(await gone("job-1")).toBe(true);
  await db.insert(rateLimits).values({ key: "job-2", count: 1, resetAt: past as unknown as Date });
  expect(await gone("job-2")).toBe(true);
  await job.stop();
  expect(logged.length).toBeGreaterThanOrEqual(2);
});

test("on PGlite a round vacuums what it purged and checkpoints; PostgreSQL is left to its autovacuum", async () => {
  const db = database.db;
  // A burst of rate-limit windows (about 6 MB), all ended by the round.
  await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    select 'burst:' || n || repeat('x', 200), 1, now() - interval '1 minute' from generate_series(1, 20000) as n
  `);
  const tableSize = async () => {
    const [row] = rowsOf<{ bytes: number }>(
      await db.execute(sql`select pg_relation_size('rate_limits')::float8 as bytes`),
    );
    return Number(row?.bytes);
  };
  const before = await tableSize();
  const walBefore = rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0]?.lsn;
  const logged: string[] = [];
  const job = createRetentionJob({
    db,
    kind: database.kind,
    log: {
      debug: (_obj, msg) => logged.push(msg),
      info: (_obj, msg) => logged.push(msg),
      warn: (_obj, msg) => logged.push(msg),
    },
    intervalMs: 3_600_000,
  });
  job.start();
  await job.stop(); // waits for the first round
  const maintained = "embedded database vacuumed and checkpointed";
  if (database.kind === "pglite") {
    expect(logged).toEqual(["retention purge", maintained]);
    // The purged rows' pages are given back (PGlite has no autovacuum) …
    expect(await tableSize()).toBeLessThan(before / 4);
    // … and the write-ahead log written before the round is checkpointed (it has no
    // checkpointer either): the last checkpoint's redo point is past it.
    const [control] = rowsOf<{ behind: number }>(
      await db.execute(
        sql`select pg_wal_lsn_diff((select redo_lsn from pg_control_checkpoint()), ${walBefore}::pg_lsn)::float8 as behind`,
      ),
    );
    expect(Number(control?.behind)).toBeGreaterThan(0);
  } else {
    expect(logged).toEqual(["retention purge"]);
  }
});

test("a short batch does not end the purge: another instance may have deleted some of its rows", async () => {
  // More than two batches of ended windows. The first row a batch tries to delete is gone
  // by then (a trigger skips it once, as another instance's purge deleting it would), so
  // that batch comes back short with thousands still to go.
  await database.db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    select 'purge-race:' || n, 1, now() - interval '1 minute' from generate_series(1, 12000) as n
  `);
  await database.db.execute(sql`create table purge_race_skipped (skipped boolean)`);
  await database.db.execute(
    sql.raw(`
    create function purge_race_skip_once() returns trigger language plpgsql as $$
    begin
      if old.key like 'purge-race:%' and not exists (select 1 from purge_race_skipped) then
        insert into purge_race_skipped values (true);
        return null;
      end if;
      return old;
    end $$`),
  );
  await database.db.execute(
    sql`create trigger purge_race_skip before delete on rate_limits for each row execute function purge_race_skip_once()`,
  );
  try {
    await purgeExpired(database.db);
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'purge-race:%'`);
    expect(left?.n).toBe(0);
  } finally {
    await database.db.execute(sql`drop trigger purge_race_skip on rate_limits`);
    await database.db.execute(sql`drop function purge_race_skip_once()`);
    await database.db.execute(sql`drop table purge_race_skipped`);
  }
});
