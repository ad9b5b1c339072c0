import { releaseLogs, releaseNotes } from "@khayl/db/schema";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await api.database.db.insert(releaseNotes).values(
    Array.from({ length: 12 }, (_, i) => ({
      date: new Date(Date.UTC(2025, i, 5, 8)),
      tag: i % 2 ? "Improvement" : "New",
      title: `Note ${i + 1}`,
      content: `<p>Change ${i + 1}</p>`,
    })),
  );
  await api.database.db.insert(releaseLogs).values([
    {
      title: "2.0.0",
      date: new Date("2025-06-01T08:00:00Z"),
      content: "<ul><li>Wallet</li></ul>",
      image: "/images/slide-wallet.svg",
    },
    { title: "2.1.0", date: new Date("2025-09-15T08:00:00Z"), content: "<p>Sharing</p>", image: null },
  ]);
});
afterAll(() => api.close());

async function get(url: string) {
  const response = await api.app.inject({ method: "GET", url: `/api/v1${url}` });
  return { status: response.statusCode, body: response.json() };
}

describe("GET /release-logs/ (release notes)", () => {
  test("answers notes newest first with id, date, tag, title and content", async () => {
    const { status, body } = await get("/release-logs/?limit=1000&offset=0");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, statusCode: 200, data: { count: 12 } });
    expect(body.data.rows).toHaveLength(12);
    expect(body.data.rows[0]).toEqual({
      id: expect.any(Number),
      date: "2025-12-05T08:00:00.000Z",
      tag: "Improvement",
      title: "Note 12",
      content: "<p>Change 12</p>",
      language: "en",
    });
  });

  test("the path works without its trailing slash, and the default page is 10 (product §9)", async () => {
    const { status, body } = await get("/release-logs");
    expect(status).toBe(200);
    expect(body.data.rows).toHaveLength(10);
    expect(body.data.count).toBe(12);
  });

  test("limit and offset page through the notes", async () => {
    const { body } = await get("/release-logs/?limit=5&offset=10");
    expect(body.data.rows.map((r: { title: string }) => r.title)).toEqual(["Note 2", "Note 1"]);
  });

  test.each([["?limit=-3"], ["?offset=1.5"], ["?limit=1001"]])(
    "bad input %s answers 400 with the envelope",
    async (query) => {
      const { status, body } = await get(`/release-logs/${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, statusCode: 400 });
      expect(body.message).toMatch(/limit|offset/);
    },
  );
});

describe("GET /release-logs/getWebsiteRelease (release logs)", () => {
  test("answers logs newest first: version as title, HTML content, Image url", async () => {
    const { status, body } = await get("/release-logs/getWebsiteRelease?limit=1000&offset=0");
    expect(status).toBe(200);
    expect(body.data).toEqual({
      count: 2,
      rows: [
        {
          id: expect.any(Number),
          title: "2.1.0",
          date: "2025-09-15T08:00:00.000Z",
          content: "<p>Sharing</p>",
          Image: null,
          language: "en",
        },
        {
          id: expect.any(Number),
          title: "2.0.0",
          date: "2025-06-01T08:00:00.000Z",
          content: "<ul><li>Wallet</li></ul>",
          Image: "/images/slide-wallet.svg",
          language: "en",
        },
      ],
    });
  });

  test("limit and offset page through the logs", async () => {
    const { body } = await get("/release-logs/getWebsiteRelease?limit=1&offset=1");
    expect(body.data.count).toBe(2);
    expect(body.data.rows.map((r: { title: string }) => r.title)).toEqual(["2.0.0"]);
  });

  test("bad input answers 400 with the envelope", async () => {
    const { status, body } = await get("/release-logs/getWebsiteRelease?limit=abc");
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400, message: "limit must be a number" });
  });
});

test("in Arabic, notes and logs with an Arabic version carry it (decision 016)", async () => {
  await api.database.db.insert(releaseNotes).values({
    date: new Date(Date.UTC(2026, 0, 5, 8)),
    tag: "New",
    title: "Trips",
    content: "<p>Trips</p>",
    translations: { ar: { tag: "جديد", title: "الرحلات", content: "<p>الرحلات</p>" } },
  });
  const notes = await api.app.inject({
    method: "GET",
    url: "/api/v1/release-logs/?limit=1&offset=0",
    headers: { language: "ar" },
  });
  expect(notes.json().data.rows[0]).toMatchObject({ tag: "جديد", title: "الرحلات", language: "ar" });
  await api.database.db.insert(releaseLogs).values({
    title: "3.0.0",
    date: new Date("2026-01-05T08:00:00Z"),
    content: "<p>Teams</p>",
    translations: { ar: { content: "<p>الفرق</p>" } },
  });
  const logs = await api.app.inject({
    method: "GET",
    url: "/api/v1/release-logs/getWebsiteRelease?limit=1&offset=0",
    headers: { language: "ar" },
  });
  expect(logs.json().data.rows[0]).toMatchObject({ title: "3.0.0", content: "<p>الفرق</p>", language: "ar" });
});
