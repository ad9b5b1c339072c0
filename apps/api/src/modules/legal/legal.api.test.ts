import { legalDocuments } from "@khayl/db/schema";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await api.database.db.insert(legalDocuments).values([
    {
      category: "TermsAndConditions",
      title: { en: "Terms and Conditions" },
      content: { en: "<h2>1. Services</h2><p>Prices in AED.</p>" },
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    },
  ]);
});
afterAll(() => api.close());

async function get(category: string) {
  const response = await api.app.inject({ method: "GET", url: `/api/v1/privacy/selected/${category}` });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe("GET /privacy/selected/{category}", () => {
  test("answers the document of the category with title.en and content.en", async () => {
    const { status, body, headers } = await get("TermsAndConditions");
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      statusCode: 200,
      message: "Document fetched successfully",
      data: {
        id: expect.any(Number),
        category: "TermsAndConditions",
        title: { en: "Terms and Conditions", ar: null },
        content: { en: "<h2>1. Services</h2><p>Prices in AED.</p>", ar: null },
        updatedAt: "2026-01-01T00:00:00.000Z",
      },
    });
    expect(headers["cache-control"]).toMatch(/^public/);
  });

  test("a known category without a document answers 404 with the envelope", async () => {
    const { status, body } = await get("PrivacyPolicy");
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, statusCode: 404, message: "Document not found." });
  });

  test.each([["Cookies"], ["termsandconditions"], ["1"]])("any other category %s answers 400", async (category) => {
    const { status, body } = await get(category);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      statusCode: 400,
      message: "category must be one of TermsAndConditions, PrivacyPolicy",
    });
  });

  test("in Arabic, the allowed categories are listed with the Arabic comma", async () => {
    const response = await api.app.inject({
      method: "GET",
      url: "/api/v1/privacy/selected/Cookies",
      headers: { language: "ar" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("يجب أن تكون قيمة category إحدى القيم: TermsAndConditions، PrivacyPolicy");
  });
});
