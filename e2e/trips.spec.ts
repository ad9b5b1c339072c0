import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures.ts";

/**
 * Issue 15, "Plan and share a trip": a page per show and per flight, reached from the cards'
 * app modal, server-rendered (also without JavaScript), in English and Arabic, in the
 * sitemap, and 404 with a way back for an unknown id.
 */

interface Listed {
  id: number;
}

async function firstId(page: Page, path: string): Promise<number> {
  const answer = await page.request.get(path, { headers: { language: "en" } });
  const rows = (await answer.json()).data.rows as (Listed & { type?: string })[];
  const row = rows.find((r) => r.type === undefined || r.type === "Import" || r.type === "Export");
  if (!row) throw new Error(`no row at ${path}`);
  return row.id;
}

const showsApi = "/api/v1/event-services/website?limit=100&offset=0&showOnWebsite=true";
const flightsApi = "/api/v1/selective-services/website?limit=100&offset=0&showOnWebsite=true&type=import";

test("a show card's modal leads to the show's page, which links back to its discipline", async ({ page }) => {
  await page.goto("/transport?discipline=dressage");
  const card = page.getByRole("main").getByRole("listitem").getByRole("button").first();
  const name = (await card.locator("span.text-lg").textContent()) ?? "";
  await card.click();
  const dialog = page.getByRole("dialog", { name: "All of our services available on the app" });
  await dialog.getByRole("link", { name: "Details" }).click();
  await expect(page).toHaveURL(/\/transport\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Dressage", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "More Dressage shows" })).toHaveAttribute(
    "href",
    "/transport?discipline=dressage",
  );
  await expect(page.getByRole("heading", { level: 2, name: "All of our services available on the app" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a show's head: title, description, canonical, hreflang and share card", async ({ page }) => {
  const id = await firstId(page, showsApi);
  const response = await page.goto(`/transport/${id}`);
  expect(response?.status()).toBe(200);
  const head = page.locator("head");
  const canonical = await head.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`/transport/${id}$`));
  await expect(head.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", /\/ar\/transport\/\d+$/);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /Road transport for your horses/);
});

test("a flight's page shows the route, airports, countries and Asia/Dubai times", async ({ page }) => {
  const id = await firstId(page, flightsApi);
  const answer = await page.request.get(`/api/v1/selective-services/website/${id}`);
  const flight = (await answer.json()).data;
  await page.goto(`/flights/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(flight.departureAirport.code);
  await expect(page.getByText(flight.fromCountry).first()).toBeVisible();
  await expect(page.getByText("Departs (UAE time)")).toBeVisible();
  // 20:00 UTC is midnight in Dubai (UTC+4).
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Dubai",
  }).format(new Date(flight.startDate));
  await expect(page.locator("time").first()).toContainText(time);
  await expect(page.getByRole("link", { name: "More import flights" })).toHaveAttribute("href", "/flights?type=import");
  await expectNoAxeViolations(page);
});

test("an unknown, malformed or hidden id answers 404 with a link to the schedule", async ({ page }) => {
  for (const [path, link] of [
    ["/transport/999999", "See the shows schedule"],
    ["/transport/abc", "See the shows schedule"],
    ["/flights/999999", "See the flights schedule"],
    ["/ar/flights/999999", "اطّلع على جدول الرحلات"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("link", { name: link })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
  await expectNoAxeViolations(page);
});

test("the Arabic page of a show is right to left with Arabic labels", async ({ page }) => {
  const id = await firstId(page, showsApi);
  await page.goto(`/ar/transport/${id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText("التخصص")).toBeVisible();
  await expect(page.getByRole("link", { name: "جميع البطولات" })).toHaveAttribute("href", "/ar/transport");
  await expectNoAxeViolations(page);
});

test("the sitemap lists show and flight pages in both languages", async ({ page }) => {
  const show = await firstId(page, showsApi);
  const flight = await firstId(page, flightsApi);
  const xml = await (await page.request.get("/sitemap.xml")).text();
  expect(xml).toContain(`/transport/${show}</loc>`);
  expect(xml).toContain(`/ar/transport/${show}</loc>`);
  expect(xml).toContain(`/flights/${flight}</loc>`);
  expect(xml).toContain(`/ar/flights/${flight}</loc>`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a show's page is whole in the server HTML", async ({ page }) => {
    const id = await firstId(page, showsApi);
    await page.goto(`/transport/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Venue")).toBeVisible();
    await expect(page.getByRole("link", { name: "All shows" })).toHaveAttribute("href", "/transport");
  });
});
