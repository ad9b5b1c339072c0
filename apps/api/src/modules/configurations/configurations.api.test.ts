import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PRODUCT_NAME: "Faras", SUPPORT_EMAIL: "help@faras.example" });
});
afterAll(() => api.close());

test("GET /configurations/ answers the public configuration (trailing slash optional)", async () => {
  for (const url of ["/api/v1/configurations/", "/api/v1/configurations"]) {
    const response = await api.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { productName: "Faras", supportEmail: "help@faras.example", currency: "AED", country: "AE" },
    });
  }
});

test("GET /health answers ok and names nothing of the deployment (not the database kind)", async () => {
  const response = await api.app.inject({ method: "GET", url: "/api/v1/health" });
  expect(response.json()).toEqual({ success: true, statusCode: 200, message: "OK", data: { status: "ok" } });
});

test("GET /health answers 503 with the envelope when the database is unreachable", async () => {
  const down = await createTestApi();
  await down.database.close();
  const response = await down.app.inject({ method: "GET", url: "/api/v1/health" });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ success: false, statusCode: 503, message: "Database unreachable" });
  await down.app.close();
});

test("a URL that cannot be decoded answers 400 with the envelope", async () => {
  const response = await api.app.inject({ method: "GET", url: "/api/v1/%" });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, statusCode: 400, message: "Malformed request URL" });
});
