import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { backfillContentTranslations, seedContent } from "@khayl/db/seed/content";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

/** The website's public folder: demo image URLs must be files the site serves. */
const webPublic = fileURLToPath(new URL("../../../../web/public", import.meta.url));

let api: TestApi;
const now = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  api = await createTestApi();
  await seedContent(api.database.db, now);
});
afterAll(() => api.close());

async function data(url: string) {
  const response = await api.app.inject({ method: "GET", url: `/api/v1${url}` });
  expect(response.statusCode, url).toBe(200);
  return response.json().data;
}

test("demo blogs: at least 7, exactly one main blog, all fields of product §3, images served by the site", async () => {
  const { rows, count } = await data("/blog/getWebsiteBlogs?limit=100&offset=0");
  expect(count).toBeGreaterThanOrEqual(7);
  expect(rows.filter((blog: { isMainBlog: boolean }) => blog.isMainBlog)).toHaveLength(1);
  for (const blog of rows) {
    expect(blog.title).toBeTruthy();
    expect(blog.category).toBeTruthy();
    expect(blog.tag.length).toBeGreaterThan(0);
    expect(blog.content).toMatch(/<h2>.*<\/h2>/);
    expect(blog.content).toMatch(/<(ul|ol)>/);
    expect(new Date(blog.date).getTime()).toBeLessThan(now.getTime());
    for (const image of [blog.Images.mainImage, blog.Images.subImage]) {
      expect(image).toMatch(/^\/images\/blog\/[a-z-]+\.svg$/);
      const file = `${webPublic}${image}`;
      expect(existsSync(file), image).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox=/);
    }
  }
});

test("demo terms and privacy name AED prices, availability, UAE law, Sharjah's courts and the PDPL", async () => {
  const terms = await data("/privacy/selected/TermsAndConditions");
  expect(terms.title.en).toBe("General Terms and Conditions of Service");
  for (const text of [
    "UAE dirhams (AED)",
    "subject to the availability",
    "laws of the United Arab Emirates",
    "courts of Sharjah",
  ]) {
    expect(terms.content.en).toContain(text);
  }
  const privacy = await data("/privacy/selected/PrivacyPolicy");
  expect(privacy.title.en).toBe("Personal Data Protection Policy");
  expect(privacy.content.en).toContain("Federal Decree-Law No. 45 of 2021");
});

test("demo release notes and logs: at least 5 each, newest first, every log with a served image", async () => {
  const notes = await data("/release-logs/?limit=1000&offset=0");
  expect(notes.count).toBeGreaterThanOrEqual(5);
  const noteDates = notes.rows.map((n: { date: string }) => n.date);
  expect([...noteDates].sort().reverse()).toEqual(noteDates);
  const logs = await data("/release-logs/getWebsiteRelease?limit=1000&offset=0");
  expect(logs.count).toBeGreaterThanOrEqual(5);
  for (const log of logs.rows) {
    expect(log.title).toMatch(/^\d+\.\d+\.\d+$/);
    expect(existsSync(`${webPublic}${log.Image}`), log.Image).toBe(true);
  }
});

test("seeding again inserts nothing (tables that already hold data are left alone)", async () => {
  expect(await seedContent(api.database.db, now)).toEqual({ blogs: 0, legal: 0, releaseNotes: 0, releaseLogs: 0 });
});

async function dataIn(language: string, url: string) {
  const response = await api.app.inject({ method: "GET", url: `/api/v1${url}`, headers: { language } });
  return response.json().data;
}

test("the demo content is served in Arabic for language: ar: every blog, note, log and legal text", async () => {
  const blogs = await dataIn("ar", "/blog/getWebsiteBlogs?limit=100&offset=0");
  for (const blog of blogs.rows) {
    expect(blog.language, blog.title).toBe("ar");
    expect(blog.title).toMatch(/[\u0600-\u06FF]/);
  }
  const notes = await dataIn("ar", "/release-logs/?limit=1000&offset=0");
  expect(notes.rows.every((n: { language: string }) => n.language === "ar")).toBe(true);
  const logs = await dataIn("ar", "/release-logs/getWebsiteRelease?limit=1000&offset=0");
  expect(logs.rows.every((l: { language: string }) => l.language === "ar")).toBe(true);
  for (const category of ["TermsAndConditions", "PrivacyPolicy"]) {
    const document = await dataIn("ar", `/privacy/selected/${category}`);
    expect(document.title.ar).toMatch(/[\u0600-\u06FF]/);
    expect((document.content.ar.match(/[\u0600-\u06FF]/g) ?? []).length).toBeGreaterThan(500);
  }
});

test("a database seeded before Arabic existed gets the demo's Arabic on the next start, once", async () => {
  const db = api.database.db;
  await db.execute(sql`update blogs set translations = '{}'::jsonb`);
  await db.execute(sql`update release_notes set translations = '{}'::jsonb`);
  await db.execute(sql`update legal_documents set title = title - 'ar', content = content - 'ar'`);
  expect((await dataIn("ar", "/blog/getWebsiteBlogs?limit=1&offset=0")).rows[0].language).toBe("en");
  const filled = await backfillContentTranslations(db);
  expect(filled).toBe(8 + 6 + 2);
  expect((await dataIn("ar", "/blog/getWebsiteBlogs?limit=1&offset=0")).rows[0].language).toBe("ar");
  expect((await dataIn("ar", "/privacy/selected/PrivacyPolicy")).title.ar).toMatch(/[\u0600-\u06FF]/);
  expect(await backfillContentTranslations(db)).toBe(0);
});
