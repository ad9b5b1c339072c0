import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";
import type { ApiData, Blog } from "./page-texts.ts";
import { type ArabicPage, arabicPages } from "./page-texts-ar.ts";

/**
 * The content, about, app, legal, What's New, release logs, QR and link pages in Arabic
 * (decision 016): under /ar each renders `<html lang="ar" dir="rtl">`, shows its Arabic texts and
 * none of its English interface texts, passes axe, and is complete without JavaScript.
 * Texts that come from the API (blog posts, legal documents, release notes and logs) are
 * shown as the API sends them and are not checked here.
 */

async function apiData<T>(request: APIRequestContext, path: string, language: "en" | "ar" = "en"): Promise<T> {
  const response = await request.get(`/api/v1${path}`, { headers: { language } });
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The page texts' reader of API data (e2e/page-texts.ts) through this test's `request`. */
const apiOf =
  (request: APIRequestContext): ApiData =>
  (path, language) =>
    apiData(request, path, language);

/** The site's main navigation, named in Arabic (top bar and phone menu). */
const arabicNav = (page: Page) => page.getByRole("navigation", { name: "القائمة الرئيسية" });

/** The blogs as the API gives them in `language` (product §7's `language` header). */
const blogsOf = async (request: APIRequestContext, language: "en" | "ar" = "en") =>
  (await apiData<{ rows: Blog[] }>(request, "/blog/getWebsiteBlogs?limit=100&offset=0", language)).rows;

async function expectArabicPage(page: Page, { texts, english, contentTitle }: ArabicPage) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  for (const text of texts) {
    await expect(
      page
        .getByRole("heading", { name: text, exact: true })
        .or(page.getByRole("link", { name: text, exact: true }))
        .or(page.getByText(text, { exact: true }))
        .first(),
      text,
    ).toBeVisible();
  }
  for (const text of english) {
    await expect(page.getByText(text, { exact: true }), text).toHaveCount(0);
    await expect(page.getByRole("heading", { name: text, exact: true }), text).toHaveCount(0);
    await expect(page.getByRole("link", { name: text, exact: true }), text).toHaveCount(0);
    await expect(page.locator(`[aria-label="${text}"], [alt="${text}"]`), text).toHaveCount(0);
  }
  // The document title and the share card are in Arabic too.
  if (!contentTitle) expect(await page.title()).toMatch(/[\u0600-\u06FF]/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "ar_AE");
}

for (const { name, load } of arabicPages) {
  test(`${name} is in Arabic, right to left, and passes axe`, async ({ page, request }) => {
    const arabic = await load(apiOf(request));
    const response = await page.goto(arabic.path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expectArabicPage(page, arabic);
    if (arabic.nav) await expect(arabicNav(page).first()).toBeVisible();
    else await expect(arabicNav(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Each page's Arabic texts in its server HTML: apps/server/src/server-html.api.test.ts.
  test("the Arabic carousel is a scrollable row of all its slides", async ({ page }) => {
    await page.goto("/ar/Khayl-App");
    const carousel = page.getByRole("region", { name: "إدارة مبسّطة للخيول" });
    await expect(carousel.getByRole("group", { name: /من 5$/ })).toHaveCount(5);
    const row = carousel.getByRole("group", { name: "الشرائح" });
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
});

test("the language switch leads to the same page in English, the query kept", async ({ page }) => {
  await page.goto("/ar/links?utm_source=poster");
  await waitForHydration(page);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/links\?utm_source=poster$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { name: "Get our App" })).toBeVisible();
  // And back again, from a page with the navigation.
  await page.goto("/blogs?page=2");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/ar\/blogs\?page=2$/);
  await expect(page.getByRole("heading", { level: 1, name: "المدونة" })).toBeVisible();
});

test("the Arabic language switch works without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ar/term-of-use?ref=app");
  await page.getByRole("link", { name: "English" }).click();
  // The page reads no query: it is the kept copy of /ar/term-of-use (decision 022), whose
  // switch leads to /term-of-use; with JavaScript the address bar's query is kept (above).
  await expect(page).toHaveURL(/\/term-of-use$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
  await context.close();
});

test("the Arabic carousel runs right to left: next moves the slides rightwards, arrows mirrored", async ({ page }) => {
  await page.goto("/ar/Khayl-App");
  const carousel = page.getByRole("region", { name: "إدارة مبسّطة للخيول" });
  const previous = carousel.getByRole("button", { name: "الشريحة السابقة" });
  const next = carousel.getByRole("button", { name: "الشريحة التالية" });
  const first = carousel.getByRole("group", { name: "1 من 5" });
  await waitForHydration(page);
  await expect(previous).toBeDisabled();
  // Logical order: 'previous' comes first, so it sits on the right, and its chevron points right.
  expect((await previous.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
  expect(await previous.locator("svg").evaluate((svg) => getComputedStyle(svg).scale)).toBe("-1 1");
  const before = (await first.boundingBox())!.x;
  await next.click();
  await expect(previous).toBeEnabled();
  await expect.poll(async () => (await first.boundingBox())?.x ?? 0).toBeGreaterThan(before + 100);
  await previous.click();
  await expect.poll(async () => Math.round((await first.boundingBox())?.x ?? 0)).toBe(Math.round(before));
});

test("a missing blog answers 404 in Arabic, with a way back to the Arabic blog list", async ({ page }) => {
  const response = await page.goto("/ar/blogs/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "المقال غير موجود." })).toBeVisible();
  // Arabic pages name the company in Arabic (COMPANY_NAME_AR, decision 016).
  await expect(page).toHaveTitle("المقال غير موجود. | خيل للخدمات اللوجستية");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "كل المقالات" }).click();
  await expect(page).toHaveURL(/\/ar\/blogs$/);
});

test("an Arabic blog card leads to the Arabic blog page, with an Arabic canonical link", async ({
  page,
  request,
  baseURL,
}) => {
  const blog = (await blogsOf(request, "ar")).find((b) => !b.isMainBlog)!;
  expect(blog.title).toMatch(/[\u0600-\u06FF]/);
  await page.goto("/ar/blogs");
  await waitForHydration(page);
  await page.getByRole("link", { name: blog.title }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/blogs/${blog.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: blog.title })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/ar/blogs/${blog.id}`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    "href",
    `${baseURL}/blogs/${blog.id}`,
  );
});

test("Arabic release logs show the Arabic hero and spinner while they load after a client-side navigation", async ({
  page,
}) => {
  // From a page that runs the app (content pages load documents: decision 024).
  await page.goto("/ar/contact-us");
  await waitForHydration(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const logsData = (url: URL) =>
    url.pathname === "/ar/release-logs.data" && url.searchParams.get("_routes") === "ar/release-logs";
  await page.route(logsData, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("banner").getByRole("link", { name: "تطبيق Khayl" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "خطّط على طريقة Khayl." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "جارٍ تحميل سجل الإصدارات…" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 3, name: /^الإصدار .+ من Khayl$/ }).first()).toBeVisible();
  await expect(page.getByText("جارٍ تحميل سجل الإصدارات…")).toHaveCount(0);
});
