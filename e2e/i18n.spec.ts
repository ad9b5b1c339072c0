import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

async function gotoHydrated(page: import("@playwright/test").Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Arabic under /ar (decision 016): language and direction, links between the two versions,
 * the language switch and the remembered choice, and the sitemap. The pages' own texts are
 * checked by the Arabic specs of each area.
 */

test("/ar is the home page in Arabic, right to left, with its own title", async ({ page }) => {
  await gotoHydrated(page, "/ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("أينما أخذتك رحلتك مع الخيل");
  await expect(page).toHaveTitle(/أينما أخذتك رحلتك مع الخيل/);
  await expectNoAxeViolations(page);
  // Navigation stays in Arabic: its links lead to the Arabic pages.
  const shows = page
    .getByRole("navigation", { name: "القائمة الرئيسية" })
    .first()
    .getByRole("link", { name: "البطولات" });
  await expect(shows).toHaveAttribute("href", "/ar/transport");
  await shows.click();
  await expect(page).toHaveURL(/\/ar\/transport$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("خطّط لنقل خيلك بسهولة");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("the language switch leads to the same page in the other language, query kept, and back", async ({ page }) => {
  await gotoHydrated(page, "/flights?type=export");
  await page.getByRole("link", { name: "العربية" }).first().click();
  await expect(page).toHaveURL(/\/ar\/flights\?type=export$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("خطّط لشحن خيلك بسهولة");
  await page.getByRole("link", { name: "English" }).first().click();
  await expect(page).toHaveURL(/\/flights\?type=export$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the choice is remembered for the front door only; nobody is sent by guesswork", async ({ page, browser }) => {
  // Eight navigations in two browser contexts: on a busy 2-core CI machine they took 30 s.
  test.slow();
  // A browser asking for Arabic first still gets English at /: no redirect by Accept-Language.
  const arabicBrowser = await browser.newContext({ locale: "ar-AE", extraHTTPHeaders: { "accept-language": "ar" } });
  const visitor = await arabicBrowser.newPage();
  await visitor.goto("/");
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await arabicBrowser.close();

  // Choosing Arabic with the switch: the home page then opens in Arabic.
  await gotoHydrated(page, "/aboutus");
  await page.getByRole("link", { name: "العربية" }).first().click();
  await expect(page).toHaveURL(/\/ar\/aboutus$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/ar$/);
  // Other English pages stay English, as their address says.
  await page.goto("/flights");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // Choosing English again: the home page is English.
  await gotoHydrated(page, "/ar/flights");
  await page.getByRole("link", { name: "English" }).first().click();
  await expect(page).toHaveURL(/\/flights$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
});

test("Arabic pages load the Arabic web font; English pages load no font", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  expect(fonts).toEqual([]);
  await gotoHydrated(page, "/ar");
  await page.waitForLoadState("networkidle");
  expect(fonts).toHaveLength(1);
  expect(fonts[0]).toMatch(/readex-pro-arabic-wght-normal-[\w-]+\.woff2$/);
});

// The head's language versions, unknown paths and /ar/transport's server HTML: apps/server/src/server-html.api.test.ts.
