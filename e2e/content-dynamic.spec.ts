import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { sanitizeContent } from "../apps/web/app/lib/sanitize.server.ts";
import { expectNoAxeViolations, mainNav, waitForHydration } from "./fixtures.ts";
import { type ApiData, type Blog, dynamicPages, type ReleaseLog } from "./page-texts.ts";

/**
 * The content pages fed by the API (product §2): blogs, blog detail, terms, privacy,
 * What's New and release logs, on the demo data of a fresh start. Expected texts are
 * read from the API the pages call, so the test follows the demo data.
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

const blogsOf = async (request: APIRequestContext) =>
  (await apiData<{ rows: Blog[] }>(request, "/blog/getWebsiteBlogs?limit=100&offset=0")).rows;

async function expectTexts(page: Page, texts: string[]) {
  const main = page.getByRole("main");
  for (const text of texts) {
    await expect(main.getByText(text, { exact: true }).first(), text).toBeVisible();
  }
}

for (const { name, nav, load } of dynamicPages) {
  test(`${name} shows its texts, ${nav ? "with" : "without"} the navigation, and passes axe`, async ({
    page,
    request,
  }) => {
    const { path, texts } = await load(apiOf(request));
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expectTexts(page, texts);
    if (nav) await expect(mainNav(page).first()).toBeVisible();
    else await expect(mainNav(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Each page's texts in its server HTML: apps/server/src/server-html.api.test.ts.

  test("a blog card leads to its page", async ({ page, request }) => {
    const other = (await blogsOf(request)).find((blog) => !blog.isMainBlog)!;
    await page.goto("/blogs");
    await page.getByRole("link", { name: other.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${other.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: other.title })).toBeVisible();
  });
});

test("the home page teases 3 blogs with 'Show all' to /blogs", async ({ page, request }) => {
  const newest = (await blogsOf(request)).slice(0, 3);
  await page.goto("/");
  const teaser = page.getByRole("region", { name: "Latest blogs" });
  await expect(teaser.getByRole("listitem")).toHaveCount(3);
  for (const blog of newest)
    await expect(teaser.getByRole("link", { name: blog.title })).toHaveAttribute("href", `/blogs/${blog.id}`);
  await teaser.getByRole("link", { name: "Show all" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
});

test("a blog card opens the blog, which leads back to all blogs", async ({ page, request }) => {
  // The blog page's title, description, Open Graph tags and canonical: apps/server/src/server-html.api.test.ts.
  const blog = (await blogsOf(request)).find((b) => !b.isMainBlog)!;
  await page.goto("/blogs");
  await page.getByRole("link", { name: blog.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${blog.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: blog.title })).toBeVisible();
  await expect(page.getByText(blog.category, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "All blogs" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
});

test("a chosen blog card shows a spinner while the blog loads", async ({ page, request }) => {
  const blog = (await blogsOf(request)).find((b) => !b.isMainBlog)!;
  // A content page runs no router (decision 024): its links load documents. The spinner
  // shows in a browser running the app, reached from a page that hydrates.
  await page.goto("/contact-us");
  await waitForHydration(page);
  await mainNav(page).first().getByRole("link", { name: "Blogs" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/blogs/${blog.id}.data`,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: blog.title }) });
  await card.getByRole("link", { name: blog.title }).click();
  await expect(card.getByRole("status")).toHaveText("Loading blog…");
  release();
  await expect(page.getByRole("heading", { level: 1, name: blog.title })).toBeVisible();
});

test("a missing blog's page passes axe and leads back to the blogs", async ({ page }) => {
  // Its status, heading and title for each spelling: apps/server/src/server-html.api.test.ts.
  await page.goto("/Blogs/12abc");
  await expect(page.getByRole("heading", { level: 1, name: "Blog not found." })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "All blogs" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
});

test("a release log's image shows a spinner until it loads", async ({ page, request }) => {
  const [log] = (await apiData<{ rows: ReleaseLog[] }>(request, "/release-logs/getWebsiteRelease?limit=1")).rows;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${log!.Image}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/release-logs");
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `Khayl Version ${log!.title}` }) });
  const spinner = card.getByRole("status");
  await expect(spinner).toHaveText("Loading image…");
  release();
  await expect(spinner).toHaveCount(0);
  await expect(card.getByRole("img", { name: `Khayl ${log!.title} on a phone` })).toHaveJSProperty("complete", true);
});

test("release logs show a loading spinner while they load after a client-side navigation", async ({ page }) => {
  // From a page that runs the app (content pages load documents: decision 024).
  await page.goto("/contact-us");
  await waitForHydration(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold only the release logs' own data (the root's revalidation goes through).
  const logsData = (url: URL) =>
    url.pathname === "/release-logs.data" && url.searchParams.get("_routes") === "routes/release-logs";
  await page.route(logsData, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("banner").getByRole("link", { name: "Khayl App" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Plan the Khayl way." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading release logs…" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 3, name: /^Khayl Version / }).first()).toBeVisible();
  await expect(page.getByText("Loading release logs…")).toHaveCount(0);
});

test("/api/docs shows every call of the API under its CSP without violations", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const response = await page.goto("/api/docs");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  for (const path of [
    "/blog/getWebsiteBlogs",
    "/blog/{id}",
    "/privacy/selected/{category}",
    "/release-logs/getWebsiteRelease",
    "/event-services/website",
    "/supportRequests/",
  ]) {
    await expect(page.getByText(path, { exact: true })).toBeVisible();
  }
  await page.getByText("/blog/{id}", { exact: true }).click();
  await page.getByRole("button", { name: "Try it out" }).click();
  await page.getByPlaceholder("id").fill("1");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200");
  expect(problems).toEqual([]);
});

test.describe("at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("blogs, a blog and the release logs pass axe", async ({ page, request }) => {
    const main = (await blogsOf(request)).find((blog) => blog.isMainBlog)!;
    for (const path of ["/blogs", `/blogs/${main.id}`, "/release-logs", "/release-note"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  });
});

test("a blog's preformatted line wraps at 320 px instead of widening the page", async ({ page, request }) => {
  const [blog] = await blogsOf(request);
  if (!blog) throw new Error("the demo has no blog");
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/blogs/${blog.id}`);
  // A code block as an editor may paste one: a line longer than any phone (the sanitiser keeps `pre`).
  await page
    .locator(".rich-text")
    .first()
    .evaluate((body) => {
      const pre = document.createElement("pre");
      pre.textContent = `curl https://example.com/${"a-very-long-path-segment/".repeat(12)}`;
      body.append(pre);
    });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("a card with a code longer than a phone is wide wraps it instead of widening the page", async ({ page }) => {
  // A venue, airport or flight code as the provider may send one: one word of 40 characters.
  const long = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCD";
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [path, selector] of [
    ["/transport", "main .card bdi"],
    ["/flights", "main .card bdi"],
  ] as const) {
    await page.goto(path);
    await page.locator(selector).evaluateAll((codes, text) => {
      for (const code of codes) code.textContent = text;
    }, long);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }
});

test("a wide table of a blog scrolls in its own region at 360 px, caption in view, a long address wrapped", async ({
  page,
  request,
}) => {
  const [blog] = await blogsOf(request);
  if (!blog) throw new Error("the demo has no blog");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`/blogs/${blog.id}`);
  // A table as an editor may write one, as the server writes it (the demo's blogs have none).
  const headers = ["Route", "Truck", "Stall", "Box", "Groom", "Vet", "Insurance", "Passport", "Customs", "Notes"];
  const address = `https://www.example.com/${"segment-without-breaks".repeat(10)}?q=${"x".repeat(80)}`;
  const html = sanitizeContent(
    `<table><caption>Prices per route, from every stable in Dubai to Al Ain and back</caption>` +
      `<tr>${headers.map((header) => `<th>${header}</th>`).join("")}</tr>` +
      `<tr>${headers.map((_, i) => `<td>${i === 9 ? address : "AED 1,200"}</td>`).join("")}</tr></table>`,
    { language: "en", publicOrigin: "https://khayl.example", headingLevel: 2, tableLabel: "Table" },
  );
  await page
    .locator(".rich-text")
    .first()
    .evaluate((body, content) => body.insertAdjacentHTML("afterbegin", content), html);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const region = page.getByRole("region", { name: "Prices per route, from every stable in Dubai to Al Ain and back" });
  // The address breaks inside its column instead of making the table as wide as itself.
  const cell = await page.locator(".rich-text td").last().boundingBox();
  expect(cell?.width).toBeLessThan(250);
  // A keyboard user reaches the region and scrolls it with the arrow keys.
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((r) => r.scrollLeft)).toBeGreaterThan(0);
  // Its caption stays in view, wrapped to the screen, wherever the table is scrolled.
  for (const end of [0, 1]) {
    await region.evaluate((r, at) => r.scrollTo({ left: at * r.scrollWidth, behavior: "instant" }), end);
    const caption = await page.locator(".rich-text caption").boundingBox();
    expect(caption?.x).toBeGreaterThanOrEqual(0);
    expect((caption?.x ?? 0) + (caption?.width ?? 0)).toBeLessThanOrEqual(360);
  }
  await expectNoAxeViolations(page);
});
