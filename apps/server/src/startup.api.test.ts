import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDb, type DbHandle, migrationsFolder } from "@khayl/db/client";
import { accounts, blogs, events, invoices, legalDocuments, selectiveServices } from "@khayl/db/schema";
import { type SeedResult, seedDemoData } from "@khayl/db/seed/index";
import { createScratchPostgres, testDbKind } from "@khayl/db/testing";
import { count, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";

/**
 * Several instances starting at the same moment on one PostgreSQL (a rolling deploy, an
 * autoscaler): each does what `buildHost` does at start-up — migrate, then seed the demo
 * data under the start-up lock — on its own connection pool. PGlite is one process's own
 * database, so this suite runs on PostgreSQL only (the api-postgres project).
 */
const INSTANCES = 4;

async function startInstance(
  url: string,
  folder = migrationsFolder,
): Promise<{ handle: DbHandle; seeded: SeedResult }> {
  const handle = await createDb({ databaseUrl: url, poolSize: 3, migrationsFolder: folder });
  await handle.migrate();
  const seeded = await handle.exclusively(() => seedDemoData(handle.db));
  return { handle, seeded };
}

/** Row counts of the seeded tables, as one instance sees them. */
async function counts(handle: DbHandle) {
  const of = async (table: PgTable) => Number((await handle.db.select({ n: count() }).from(table))[0]?.n);
  return {
    accounts: await of(accounts),
    blogs: await of(blogs),
    events: await of(events),
    flights: await of(selectiveServices),
    legal: await of(legalDocuments),
    invoices: await of(invoices),
  };
}

const oneCopy = { accounts: 6, blogs: 8, events: 15, flights: 15, legal: 2, invoices: 28 };

// Skipped on PGlite: one embedded database belongs to one process, so instances sharing it (and the advisory
// lock they race for) exist only on PostgreSQL; the api-postgres project runs these in CI.
describe.runIf(testDbKind() === "postgres")("instances starting together on one PostgreSQL", () => {
  test(`${INSTANCES} instances on an empty database all come up, with one copy of the demo data`, async () => {
    const scratch = await createScratchPostgres();
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startInstance(scratch.url)));
    const handles = started.flatMap((s) => (s.status === "fulfilled" ? [s.value.handle] : []));
    try {
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "up"))).toEqual(
        Array(INSTANCES).fill("up"),
      );
      const results = started.flatMap((s) => (s.status === "fulfilled" ? [s.value.seeded] : []));
      expect(await counts(handles[0]!)).toEqual(oneCopy);
      // Exactly one instance seeded the invoices, and only it learnt their links.
      expect(results.map((r) => r.invoiceLinks.length).sort((a, b) => b - a)).toEqual([28, 0, 0, 0]);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await scratch.drop();
    }
  }, 120_000);

  test(`${INSTANCES} instances on an older database migrate it once and all come up`, async () => {
    const scratch = await createScratchPostgres();
    // The database as the first release left it: only the first migration applied.
    const older = await mkdtemp(path.join(os.tmpdir(), "khayl-migrations-"));
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: unknown[] };
    expect(journal.entries.length).toBeGreaterThan(1);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
    const first = await createDb({ databaseUrl: scratch.url, poolSize: 2, migrationsFolder: older });
    await first.migrate();
    await first.close();

    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startInstance(scratch.url)));
    const handles = started.flatMap((s) => (s.status === "fulfilled" ? [s.value.handle] : []));
    try {
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "up"))).toEqual(
        Array(INSTANCES).fill("up"),
      );
      // drizzle's own bookkeeping table: one row per applied migration
      const applied = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const rows = (applied as unknown as { rows: { n: number }[] }).rows;
      const committed = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
      expect(rows[0]?.n).toBe(committed.entries.length);
      expect(await counts(handles[0]!)).toEqual(oneCopy);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await scratch.drop();
      await rm(older, { recursive: true, force: true });
    }
  }, 120_000);
});
