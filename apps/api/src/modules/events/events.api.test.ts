import { events } from "@khayl/db/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await api.database.db.insert(events).values([
    {
      eventName: "Dressage Day",
      disciplineId: 3,
      placeCode: "ADEC",
      eventCategory: "International",
      eventStatus: "Open",
      startDate: new Date("2030-01-10T06:00:00Z"),
      endDate: new Date("2030-01-12T14:00:00Z"),
    },
    { eventName: "Jumping Night", disciplineId: 1, placeCode: "SERC", startDate: new Date("2030-01-05T06:00:00Z") },
    {
      eventName: "Hidden Clinic",
      disciplineId: 3,
      placeCode: "DPEC",
      startDate: new Date("2030-01-01T06:00:00Z"),
      showOnWebsite: false,
    },
    { eventName: "Undated Pegging", disciplineId: 6, placeCode: "FEC", startDate: null },
  ]);
});
afterAll(() => api.close());

async function list(query: string) {
  const response = await api.app.inject({
    method: "GET",
    url: `/api/v1/event-services/website${query}`,
    headers: { language: "en" },
  });
  return { status: response.statusCode, body: response.json() };
}

describe("GET /event-services/website", () => {
  test("answers the envelope with rows soonest first, undated last, and the count", async () => {
    const { status, body } = await list("?limit=100&offset=0");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, statusCode: 200, data: { count: 4 } });
    expect(body.data.rows.map((r: { eventName: string }) => r.eventName)).toEqual([
      "Hidden Clinic",
      "Jumping Night",
      "Dressage Day",
      "Undated Pegging",
    ]);
    expect(body.data.rows[2]).toEqual({
      id: expect.any(Number),
      eventName: "Dressage Day",
      eventStatus: "Open",
      place: { code: "ADEC", name: null },
      startDate: "2030-01-10T06:00:00.000Z",
      endDate: "2030-01-12T14:00:00.000Z",
      eventCategory: "International",
      eventDiscipline: 3,
      showOnWebsite: true,
      language: "en",
    });
    // A list without the filter says which rows have no page of their own (product §2).
    expect(body.data.rows[0]).toMatchObject({ eventName: "Hidden Clinic", showOnWebsite: false });
  });

  test("showOnWebsite=true hides events not shown on the website", async () => {
    const { body } = await list("?limit=100&offset=0&showOnWebsite=true");
    expect(body.data.count).toBe(3);
    expect(body.data.rows.map((r: { eventName: string }) => r.eventName)).not.toContain("Hidden Clinic");
  });

  test("eventDisciplines filters by one or several discipline ids", async () => {
    const one = await list("?showOnWebsite=true&eventDisciplines=3");
    expect(one.body.data.rows.map((r: { eventName: string }) => r.eventName)).toEqual(["Dressage Day"]);
    const two = await list("?eventDisciplines=1&eventDisciplines=6");
    expect(two.body.data.rows.map((r: { eventName: string }) => r.eventName)).toEqual([
      "Jumping Night",
      "Undated Pegging",
    ]);
  });

  test("limit and offset page through the rows; count stays the total", async () => {
    const { body } = await list("?limit=2&offset=1");
    expect(body.data.count).toBe(4);
    expect(body.data.rows.map((r: { eventName: string }) => r.eventName)).toEqual(["Jumping Night", "Dressage Day"]);
  });

  test.each([
    ["?limit=-1", "limit must be at least 1"],
    ["?limit=abc", "limit must be a number"],
    ["?offset=-5", "offset must be 0 or more"],
    ["?eventDisciplines=4", "eventDisciplines must be among 1, 2, 3, 5, 6"],
    ["?showOnWebsite=maybe", "showOnWebsite must be true or false"],
    ["?showOnWebsite=true&showOnWebsite=false", "showOnWebsite must be given once"],
    ["?eventDisciplines=1,1,3,3,5,5,6", "eventDisciplines lists at most 6 ids"],
  ])("bad input %s answers 400 with the envelope", async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400, message });
  });

  test("too many discipline ids are refused in Arabic too, not in the schema's English", async () => {
    const response = await api.app.inject({
      method: "GET",
      url: "/api/v1/event-services/website?eventDisciplines=1,1,3,3,5,5,6",
      headers: { language: "ar" },
    });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      "يجب ألا تضم eventDisciplines أكثر من 6 معرّفات",
    ]);
  });

  test("unknown API paths answer 404 with the envelope", async () => {
    const response = await api.app.inject({ method: "GET", url: "/api/v1/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
  });

  test("a known path asked with another method answers 405 and names the methods it takes", async () => {
    const cases = [
      ["OPTIONS", "/api/v1/health", "GET, HEAD"],
      ["DELETE", "/api/v1/event-services/website?limit=1", "GET, HEAD"],
      ["POST", "/api/v1/blog/7/", "GET, HEAD"],
      // The one-click link of an alert mail is a POST (RFC 8058); a GET leads to the manage page.
      ["PUT", "/api/v1/alerts/one-click?token=x", "GET, HEAD, POST"],
    ] as const;
    for (const [method, url, allow] of cases) {
      const response = await api.app.inject({ method, url, headers: { language: "ar" } });
      expect([response.statusCode, response.headers.allow], `${method} ${url}`).toEqual([405, allow]);
      expect(response.json()).toEqual({ success: false, statusCode: 405, message: "طريقة الطلب غير مسموح بها" });
    }
    // A path no route serves stays a 404, whatever the method.
    const unknown = await api.app.inject({ method: "OPTIONS", url: "/api/v1/healthz" });
    expect([unknown.statusCode, unknown.headers.allow]).toEqual([404, undefined]);
  });
});

test("in Arabic the events with an Arabic version carry it, the others stay English (decision 016)", async () => {
  await api.database.db.insert(events).values({
    eventName: "Desert Cup",
    disciplineId: 2,
    placeCode: "AWE",
    placeName: "Al Wathba Endurance Village",
    eventCategory: "National",
    eventStatus: "Open",
    startDate: new Date("2029-12-30T06:00:00Z"),
    translations: {
      ar: { eventName: "كأس الصحراء", placeName: "قرية الوثبة للقدرة", eventCategory: "وطنية", eventStatus: "مفتوح" },
    },
  });
  const response = await api.app.inject({
    method: "GET",
    url: "/api/v1/event-services/website?limit=100&offset=0",
    headers: { language: "ar" },
  });
  const rows = response.json().data.rows as { eventName: string; language: string; place: unknown }[];
  expect(rows[0]).toMatchObject({
    eventName: "كأس الصحراء",
    eventStatus: "مفتوح",
    eventCategory: "وطنية",
    place: { code: "AWE", name: "قرية الوثبة للقدرة" },
    language: "ar",
  });
  expect(rows.find((r) => r.eventName === "Dressage Day")).toMatchObject({ language: "en" });
  expect(response.headers.vary).toMatch(/\blanguage\b/);
});

test("a venue with a name and no code is sent as the event's location, in each language", async () => {
  await api.database.db.insert(events).values({
    eventName: "Polo Club Clinic",
    disciplineId: 1,
    placeName: "Al Habtoor Polo Club",
    startDate: new Date("2030-02-01T06:00:00Z"),
    translations: { ar: { eventName: "عيادة نادي البولو", placeName: "نادي الحبتور للبولو" } },
  });
  for (const [language, eventName, location] of [
    ["en", "Polo Club Clinic", "Al Habtoor Polo Club"],
    ["ar", "عيادة نادي البولو", "نادي الحبتور للبولو"],
  ] as const) {
    const response = await api.app.inject({
      method: "GET",
      url: "/api/v1/event-services/website?limit=100&offset=0",
      headers: { language },
    });
    const rows = response.json().data.rows as { eventName: string; place: unknown; location?: string }[];
    expect(rows.find((r) => r.eventName === eventName)).toMatchObject({ place: null, location });
  }
});

test("a show whose end or start no client can read has it missing; the list still answers", async () => {
  await api.database.db.execute(sql`
    insert into events (event_name, discipline_id, start_date, end_date)
    values ('Endless Ride', 2, '2030-03-01T06:00:00Z', 'infinity'), ('Timeless Ride', 2, '-infinity', null)`);
  const response = await api.app.inject({ method: "GET", url: "/api/v1/event-services/website?limit=100&offset=0" });
  expect(response.statusCode).toBe(200);
  const rows = response.json().data.rows as { eventName: string; startDate: string | null; endDate: string | null }[];
  expect(rows.find((r) => r.eventName === "Endless Ride")).toMatchObject({
    startDate: "2030-03-01T06:00:00.000Z",
    endDate: null,
  });
  expect(rows.find((r) => r.eventName === "Timeless Ride")).toMatchObject({ startDate: null, endDate: null });
});

describe("GET /event-services/website/{id} (product §2, show and flight pages)", () => {
  async function get(id: string | number, language = "en") {
    const response = await api.app.inject({
      method: "GET",
      url: `/api/v1/event-services/website/${id}`,
      headers: { language },
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }
  async function idOf(name: string) {
    const { body } = await list("?limit=100&offset=0");
    return (body.data.rows as { id: number; eventName: string }[]).find((r) => r.eventName === name)?.id ?? 0;
  }

  test("answers one show in the envelope, publicly cacheable", async () => {
    const { status, body, headers } = await get(await idOf("Dressage Day"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      statusCode: 200,
      message: "Event fetched successfully",
      data: {
        eventName: "Dressage Day",
        place: { code: "ADEC", name: null },
        startDate: "2030-01-10T06:00:00.000Z",
        eventDiscipline: 3,
      },
    });
    expect(headers["cache-control"]).toMatch(/public/);
  });

  test("an unknown or hidden show answers 404 'Event not found.' (Arabic with language: ar)", async () => {
    for (const id of [999_999, await idOf("Hidden Clinic")]) {
      const { status, body } = await get(id);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, statusCode: 404, message: "Event not found." });
    }
    expect((await get(999_999, "ar")).body.message).toBe("البطولة غير موجودة.");
  });

  test.each([
    ["abc", "id must be a number"],
    ["0", "id must be a positive number"],
    ["1.5", "id must be a whole number"],
  ])("a bad id %s answers 400", async (id, message) => {
    const { status, body } = await get(id);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400, message });
  });
});
