import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { seedContent } from "@khayl/db/seed/content";
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

test("demo terms and privacy name AED prices, resource availability, UAE law, the courts of Sharjah and the PDPL", async () => {
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
