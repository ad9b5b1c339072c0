import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createDb, migrationsFolder } from "@khayl/db/client";
import { invoiceLinkTokenHash, invoices } from "@khayl/db/schema";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { seedInvoices } from "@khayl/db/seed/invoices";
import { createScratchPostgres, testDbKind } from "@khayl/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";
import { findInvoiceByToken } from "./repository.ts";

/** Invoice links at rest (architecture §3.8): the database keeps each token's hash, never the token. */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const getInvoice = (hash: string) =>
  api.app.inject({ method: "POST", url: "/api/v1/invoices-v2/get-invoice-by-link", payload: { hash } });

test("a copy of the invoices table opens no invoice, and its hashes are no links; every link still opens", async () => {
  await seedAccounts(api.database.db);
  const links = await seedInvoices(api.database.db);
  expect(links).toHaveLength(28);
  const rows = await api.database.db.select().from(invoices);
  const copy = JSON.stringify(rows);
  for (const link of links) expect(copy).not.toContain(link.hash);
  const byRef = new Map(rows.map((row) => [row.refNumber, row]));
  for (const link of links) expect(byRef.get(link.refNumber)?.linkTokenHash).toBe(invoiceLinkTokenHash(link.hash));

  const [first] = links;
  const opened = await getInvoice(first!.hash);
  expect(opened.json()).toMatchObject({ success: true, data: { refNumber: first!.refNumber } });
  // What the database holds, presented as a link, is not one.
  const stolen = byRef.get(first!.refNumber)!.linkTokenHash;
  const refused = await getInvoice(stolen);
  expect(refused.statusCode).not.toBe(200);
  expect(refused.json()).toMatchObject({ success: false });
});

test("links sent before the upgrade keep working: migration 0011 hashes the tokens in place", async () => {
  const older = await mkdtemp(path.join(os.tmpdir(), "khayl-migrations-"));
  const scratch = testDbKind() === "postgres" ? await createScratchPostgres() : undefined;
  try {
    // The database as migration 0010 left it, with a link token in clear.
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag === "0010_support_requests_retention");
    expect(upTo).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
    const pglite = scratch ? undefined : await PGlite.create();
    /** The database opened with the migrations of `folder` (committed ones by default). */
    const open = (folder = migrationsFolder) =>
      createDb(scratch ? { databaseUrl: scratch.url, migrationsFolder: folder } : { pglite, migrationsFolder: folder });
    const token = randomBytes(32).toString("base64url");
    const before = await open(older);
    await before.migrate();
    await before.db.execute(sql`
      insert into invoices (ref_number, link_token, lines, total_fils, due_date)
      values ('INV-OLD-1', ${token}, '[]'::jsonb, 10000, now() + interval '7 days')
    `);
    // On PostgreSQL a new instance of the release; on PGlite, the same database in memory.
    if (scratch) await before.close();
    const after = await open();
    try {
      await after.migrate();
      const found = await findInvoiceByToken(after.db, token);
      expect(found?.invoice.refNumber).toBe("INV-OLD-1");
      expect(found?.invoice.linkTokenHash).toBe(invoiceLinkTokenHash(token));
    } finally {
      await after.close();
    }
  } finally {
    await rm(older, { recursive: true, force: true });
    await scratch?.drop();
  }
});
