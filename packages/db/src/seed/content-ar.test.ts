import { desc } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DbHandle } from "../client.ts";
import { releaseLogs, releaseNotes } from "../schema.ts";
import { createTestDb } from "../testing.ts";
import { elementSequence, isArabicWithLatinDigits, linkTargets, numbers } from "./arabic-testing.ts";
import { seedContent } from "./content.ts";
import { releaseLogSeedsAr, releaseNoteSeedsAr } from "./content-ar.ts";

// The English release notes and logs are not exported: read them back as the seed writes them.
let database: DbHandle;
let notes: { tag: string | null; title: string; content: string }[];
let logs: { title: string; content: string }[];

beforeAll(async () => {
  database = await createTestDb();
  await seedContent(database.db, new Date("2026-11-20T12:00:00Z"));
  notes = await database.db.select().from(releaseNotes).orderBy(desc(releaseNotes.date));
  logs = await database.db.select().from(releaseLogs).orderBy(desc(releaseLogs.date));
}, 60_000); // an in-memory database, migrated: as slow as the API suite's set-up on a busy machine
afterAll(() => database.close());

test("one Arabic release note per English one, newest first, with the same HTML structure and numbers", () => {
  expect(notes.length).toBeGreaterThan(0);
  expect(releaseNoteSeedsAr).toHaveLength(notes.length);
  notes.forEach((english, i) => {
    const arabic = releaseNoteSeedsAr[i]!;
    for (const text of [arabic.tag, arabic.title, arabic.content]) {
      expect(isArabicWithLatinDigits(text), `${english.title}: ${text}`).toBe(true);
    }
    expect(elementSequence(arabic.content), english.title).toEqual(elementSequence(english.content));
    expect(linkTargets(arabic.content), english.title).toEqual(linkTargets(english.content));
    expect(numbers(arabic.content), english.title).toEqual(numbers(english.content));
  });
});

test("an English badge (New, Improvement, Fix) always has the same Arabic badge", () => {
  const badges = new Map<string | null, Set<string>>();
  notes.forEach((english, i) => {
    badges.set(english.tag, (badges.get(english.tag) ?? new Set()).add(releaseNoteSeedsAr[i]!.tag));
  });
  for (const [english, arabic] of badges) expect([...arabic], String(english)).toHaveLength(1);
  expect(badges.size).toBeGreaterThan(1);
});

test("one Arabic release log per English one, newest first, with the same HTML structure and numbers", () => {
  expect(logs.length).toBeGreaterThan(0);
  expect(releaseLogSeedsAr).toHaveLength(logs.length);
  logs.forEach((english, i) => {
    const arabic = releaseLogSeedsAr[i]!;
    expect(isArabicWithLatinDigits(arabic.content), english.title).toBe(true);
    expect(elementSequence(arabic.content), english.title).toEqual(elementSequence(english.content));
    expect(numbers(arabic.content), english.title).toEqual(numbers(english.content));
  });
});
