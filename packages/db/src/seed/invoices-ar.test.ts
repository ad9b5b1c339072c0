import { afterAll, beforeAll, expect, test } from "vitest";
import type { DbHandle } from "../client.ts";
import { invoices } from "../schema.ts";
import { createTestDb } from "../testing.ts";
import { isArabicWithLatinDigits } from "./arabic-testing.ts";
import { seedInvoices } from "./invoices.ts";
import { invoiceLineDescriptionAr } from "./invoices-ar.ts";

// The English lines are not exported: read them back as the seed writes them (the generated ones included).
let database: DbHandle;
let descriptions: string[];

beforeAll(async () => {
  database = await createTestDb();
  await seedInvoices(database.db, new Date("2026-11-20T12:00:00Z"));
  const rows = await database.db.select({ lines: invoices.lines }).from(invoices);
  descriptions = [...new Set(rows.flatMap((row) => row.lines.map((line) => line.description)))];
}, 60_000); // an in-memory database, migrated: as slow as the API suite's set-up on a busy machine
afterAll(() => database.close());

test("every demo invoice line has an Arabic description that keeps its airport codes and leg number", () => {
  expect(descriptions.length).toBeGreaterThan(10);
  for (const english of descriptions) {
    const arabic = invoiceLineDescriptionAr(english);
    expect(isArabicWithLatinDigits(arabic), english).toBe(true);
    for (const code of english.match(/\b[A-Z]{3}\b/g) ?? []) expect(arabic, english).toContain(code);
    const leg = /leg (\d+)/.exec(english)?.[1];
    if (leg) expect(arabic, english).toMatch(new RegExp(`(^|\\D)${leg}(\\D|$)`));
  }
});

test("two legs get two different Arabic descriptions", () => {
  const legs = descriptions.filter((english) => /leg \d+/.test(english));
  expect(legs.length).toBeGreaterThan(1);
  expect(new Set(legs.map(invoiceLineDescriptionAr)).size).toBe(legs.length);
});

test("a description that is not a demo line is refused, not passed through in English", () => {
  expect(() => invoiceLineDescriptionAr("Something new")).toThrow(/no Arabic/);
});
