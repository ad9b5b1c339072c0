import { blogs } from "@khayl/db/schema";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;
let ids: Record<string, number>;

beforeAll(async () => {
  api = await createTestApi();
  const rows = await api.database.db
    .insert(blogs)
    .values([
      {
        title: "Older post",
        date: new Date("2025-01-05T08:00:00Z"),
        tag: ["Travel", "Tips"],
        category: "Guides",
        content: "<p>Old</p>",
        mainImage: "/images/blog/a.svg",
        subImage: "/images/blog/a-card.svg",
      },
      {
        title: "Main post",
        date: new Date("2025-03-10T08:00:00Z"),
        isMainBlog: true,
        tag: ["News"],
        category: "Company",
        content: "<h2>Hello</h2><p>World</p>",
        summary: "A short teaser.",
      },
      { title: null, date: new Date("2025-02-01T08:00:00Z"), content: "<p>No title</p>" },
      { title: "Hidden draft", date: new Date("2025-04-01T08:00:00Z"), showOnWebsite: false },
    ])
    .returning({ id: blogs.id, title: blogs.title });
  ids = Object.fromEntries(rows.map((r) => [r.title ?? "untitled", r.id]));
});
afterAll(() => api.close());

async function get(url: string) {
  const response = await api.app.inject({ method: "GET", url: `/api/v1${url}`, headers: { language: "en" } });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe("GET /blog/getWebsiteBlogs", () => {
  test("lists website blogs newest first in data.rows with the count, in the product §3 shape", async () => {
    const { status, body, headers } = await get("/blog/getWebsiteBlogs?limit=100&offset=0");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      statusCode: 200,
      message: "Blogs fetched successfully",
      data: { count: 3 },
    });
    expect(body.data.rows.map((r: { title: string | null }) => r.title)).toEqual(["Main post", null, "Older post"]);
    expect(body.data.rows[2]).toEqual({
      id: ids["Older post"],
      title: "Older post",
      summary: null,
      date: "2025-01-05T08:00:00.000Z",
      isMainBlog: false,
      Images: { mainImage: "/images/blog/a.svg", subImage: "/images/blog/a-card.svg" },
      tag: ["Travel", "Tips"],
      category: "Guides",
      content: "<p>Old</p>",
      language: "en",
    });
    expect(headers["cache-control"]).toMatch(/^public, max-age=60/);
    expect(headers.vary).toMatch(/\blanguage\b/);
  });

  test("limit and offset page through the blogs; the count stays the total", async () => {
    const { body } = await get("/blog/getWebsiteBlogs?limit=1&offset=1");
    expect(body.data.count).toBe(3);
    expect(body.data.rows).toHaveLength(1);
    expect(body.data.rows[0].content).toBe("<p>No title</p>");
    const past = await get("/blog/getWebsiteBlogs?limit=3&offset=3");
    expect(past.body.data).toEqual({ rows: [], count: 3 });
  });

  test("without a query the first 10 are answered", async () => {
    const { status, body } = await get("/blog/getWebsiteBlogs");
    expect(status).toBe(200);
    expect(body.data.rows).toHaveLength(3);
  });

  test.each([
    ["?limit=0", "limit must be at least 1"],
    ["?limit=ten", "limit must be a number"],
    ["?limit=1001", "limit must be at most 1000"],
    ["?offset=-1", "offset must be 0 or more"],
    // One spelling per value: what `Number()` reads but a decimal integer is not, is refused.
    ["?limit=0x10", "limit must be a number"],
    ["?limit=1e1", "limit must be a number"],
    ["?limit=%2B5", "limit must be a number"],
    ["?limit=%205", "limit must be a number"],
    ["?offset=1.0", "offset must be a whole number"],
  ])("bad input %s answers 400 with the envelope", async (query, message) => {
    const { status, body, headers } = await get(`/blog/getWebsiteBlogs${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400, message });
    expect(headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /blog/{id}", () => {
  test("answers one blog in data", async () => {
    const { status, body } = await get(`/blog/${ids["Main post"]}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      data: {
        id: ids["Main post"],
        title: "Main post",
        isMainBlog: true,
        category: "Company",
        content: "<h2>Hello</h2><p>World</p>",
        summary: "A short teaser.",
        tag: ["News"],
      },
    });
  });

  test("a missing or hidden blog answers 404 'Blog not found.' and is not cached", async () => {
    for (const id of [999_999, ids["Hidden draft"]]) {
      const { status, body, headers } = await get(`/blog/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, statusCode: 404, message: "Blog not found." });
      expect(headers["cache-control"]).toBe("no-store");
    }
  });

  test.each([
    ["abc", "id must be a number"],
    ["1.5", "id must be a whole number"],
    ["1.0", "id must be a whole number"],
    ["0x1", "id must be a number"],
    ["1e0", "id must be a number"],
    ["%201", "id must be a number"],
    ["0", "id must be a positive number"],
    ["99999999999", "id is too large"],
  ])("a non-numeric id %s answers 400 with the envelope", async (id, message) => {
    const { status, body } = await get(`/blog/${id}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400, message });
  });
});

describe("in Arabic (language: ar, decision 016)", () => {
  async function getIn(language: string, url: string) {
    const response = await api.app.inject({ method: "GET", url: `/api/v1${url}`, headers: { language } });
    return response.json();
  }

  test("a blog with a complete Arabic version is answered in Arabic, marked ar; English is unchanged", async () => {
    const [row] = await api.database.db
      .insert(blogs)
      .values({
        title: "Stalls explained",
        summary: "What a stall is",
        date: new Date("2025-03-01T08:00:00Z"),
        tag: ["Flights"],
        category: "Guides",
        content: "<p>Stalls</p>",
        translations: {
          ar: {
            title: "شرح الحجرات",
            summary: "ما هي الحجرة",
            tag: ["الرحلات"],
            category: "أدلة",
            content: "<p>الحجرات</p>",
          },
        },
      })
      .returning({ id: blogs.id });
    const arabic = await getIn("ar", `/blog/${row!.id}`);
    expect(arabic.data).toMatchObject({
      title: "شرح الحجرات",
      summary: "ما هي الحجرة",
      tag: ["الرحلات"],
      category: "أدلة",
      content: "<p>الحجرات</p>",
      language: "ar",
    });
    expect((await getIn("en", `/blog/${row!.id}`)).data).toMatchObject({ title: "Stalls explained", language: "en" });
    expect((await getIn("ar-AE", `/blog/${row!.id}`)).data.language).toBe("ar");
  });

  test("a blog without a complete Arabic version is answered whole in English, marked en", async () => {
    const [row] = await api.database.db
      .insert(blogs)
      .values({
        title: "Half translated",
        date: new Date("2025-03-02T08:00:00Z"),
        content: "<p>English body</p>",
        translations: { ar: { title: "مترجم جزئيًا" } },
      })
      .returning({ id: blogs.id });
    expect((await getIn("ar", `/blog/${row!.id}`)).data).toMatchObject({
      title: "Half translated",
      content: "<p>English body</p>",
      language: "en",
    });
    const list = await getIn("ar", "/blog/getWebsiteBlogs?limit=100&offset=0");
    expect(list.data.rows.find((r: { id: number }) => r.id === row!.id)).toMatchObject({ language: "en" });
  });
});
