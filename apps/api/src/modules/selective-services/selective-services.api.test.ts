import { selectiveServices } from "@khayl/db/schema";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await api.database.db.insert(selectiveServices).values([
    {
      type: "Import",
      departureAirportCode: "LGG",
      arrivalAirportCode: "DWC",
      fromCountry: "Belgium",
      toCountry: "United Arab Emirates",
      selectiveCode: "IMP-1",
      startDate: new Date("2030-02-01T20:00:00Z"),
      endDate: new Date("2030-02-02T03:00:00Z"),
    },
    {
      type: "Export",
      departureAirportCode: "DXB",
      arrivalAirportCode: "AMS",
      fromCountry: "United Arab Emirates",
      toCountry: "Netherlands",
      selectiveCode: "EXP-1",
      startDate: new Date("2030-02-03T20:00:00Z"),
    },
    {
      type: "Export",
      departureAirportCode: "AUH",
      arrivalAirportCode: "FRA",
      selectiveCode: "EXP-HIDDEN",
      startDate: new Date("2030-02-04T20:00:00Z"),
      showOnWebsite: false,
    },
  ]);
});
afterAll(() => api.close());

async function list(query: string) {
  const response = await api.app.inject({ method: "GET", url: `/api/v1/selective-services/website${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe("GET /selective-services/website", () => {
  test("answers flights with airport codes, countries and selective codes", async () => {
    const { status, body } = await list("?limit=1000&offset=0");
    expect(status).toBe(200);
    expect(body.data.count).toBe(3);
    expect(body.data.rows[0]).toEqual({
      id: expect.any(Number),
      type: "Import",
      departureAirport: { code: "LGG", name: null },
      arrivalAirport: { code: "DWC", name: null },
      fromCountry: "Belgium",
      toCountry: "United Arab Emirates",
      selectiveCode: "IMP-1",
      startDate: "2030-02-01T20:00:00.000Z",
      endDate: "2030-02-02T03:00:00.000Z",
      showOnWebsite: true,
      language: "en",
    });
  });

  test("type filters case-insensitively", async () => {
    for (const type of ["export", "EXPORT", "Export"]) {
      const { body } = await list(`?type=${type}`);
      expect(body.data.rows.map((r: { selectiveCode: string }) => r.selectiveCode)).toEqual(["EXP-1", "EXP-HIDDEN"]);
    }
  });

  test("showOnWebsite=true leaves out hidden flights", async () => {
    const { body } = await list("?limit=100&offset=0&showOnWebsite=true");
    expect(body.data.rows.map((r: { selectiveCode: string }) => r.selectiveCode)).toEqual(["IMP-1", "EXP-1"]);
  });

  test("the default page is 10 rows (product §9); count stays the total", async () => {
    const extra = await api.database.db
      .insert(selectiveServices)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          type: "Import",
          selectiveCode: `IMP-X${i}`,
          startDate: new Date(Date.UTC(2031, 0, i + 1)),
        })),
      )
      .returning({ id: selectiveServices.id });
    try {
      const { body } = await list("");
      expect(body.data.rows).toHaveLength(10);
      expect(body.data.count).toBe(12);
    } finally {
      await api.database.db.delete(selectiveServices).where(
        inArray(
          selectiveServices.id,
          extra.map((r) => r.id),
        ),
      );
    }
  });

  test.each([
    ["?type=transit", "type must be import or export", "يجب أن تكون قيمة type هي import أو export"],
    ["?limit=1001", "limit must be at most 1000", "يجب ألا تزيد قيمة limit على 1000"],
    ["?offset=x", "offset must be a number", "يجب أن تكون قيمة offset رقمًا"],
    // The query parser reads a repeated name as a list: not zod's 'expected string, received array'.
    ["?type=import&type=export", "type must be given once", "يجب أن تُعطى قيمة type مرة واحدة"],
    ["?limit=5&offset=1&offset=2", "offset must be given once", "يجب أن تُعطى قيمة offset مرة واحدة"],
  ])(
    "bad input %s answers 400 with the envelope and its message in either language",
    async (query, english, arabic) => {
      for (const [language, message] of [
        ["en", english],
        ["ar", arabic],
      ] as const) {
        const response = await api.app.inject({
          method: "GET",
          url: `/api/v1/selective-services/website${query}`,
          headers: { language },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json(), language).toMatchObject({ success: false, statusCode: 400, message });
      }
    },
  );
});

describe("GET /selective-services/website/{id} (product §2, show and flight pages)", () => {
  async function get(id: string | number, language = "en") {
    const response = await api.app.inject({
      method: "GET",
      url: `/api/v1/selective-services/website/${id}`,
      headers: { language },
    });
    return { status: response.statusCode, body: response.json() };
  }
  async function idOf(code: string) {
    const { body } = await list("?limit=1000&offset=0");
    return (body.data.rows as { id: number; selectiveCode: string }[]).find((r) => r.selectiveCode === code)?.id ?? 0;
  }

  test("answers one flight in the envelope", async () => {
    const { status, body } = await get(await idOf("IMP-1"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      statusCode: 200,
      message: "Selective service fetched successfully",
      data: {
        type: "Import",
        departureAirport: { code: "LGG" },
        arrivalAirport: { code: "DWC" },
        fromCountry: "Belgium",
        startDate: "2030-02-01T20:00:00.000Z",
      },
    });
  });

  test("an unknown or hidden flight answers 404 with the envelope", async () => {
    for (const id of [999_999, await idOf("EXP-HIDDEN")]) {
      const { status, body } = await get(id);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, statusCode: 404, message: "Selective service not found." });
    }
    expect((await get(999_999, "ar")).body.message).toBe("الرحلة غير موجودة.");
  });

  test("a bad id answers 400", async () => {
    const { status, body } = await get("abc");
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400, message: "id must be a number" });
  });
});
