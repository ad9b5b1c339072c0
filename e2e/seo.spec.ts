import { expect, test } from "@playwright/test";

/**
 * Every public route (product §2) has its own title and a description and may be indexed:
 * Lighthouse's SEO category and search engines need both. (Invoice links are private
 * and are checked in invoice.spec.ts.)
 */
const routes = [
  "/",
  "/transport",
  "/flights",
  "/aboutus",
  "/Khayl-App",
  "/privacy-policy",
  "/contact-us",
  "/blogs",
  "/term-of-services",
  "/term-of-use",
  "/release-note",
  "/release-logs",
  "/QR",
  "/links",
  "/delete-account",
  "/success",
];

test("every route has a title, a description, a share card and no noindex", async ({ page, request }) => {
  // Visits every route in turn: more than the default 30 s on a busy machine.
  test.slow();
  const blogs = await (await request.get("/api/v1/blog/getWebsiteBlogs?limit=1&offset=0")).json();
  const titles = new Set<string>();
  const images = new Set<string>();
  for (const route of [...routes, `/blogs/${blogs.data.rows[0].id}`]) {
    await page.goto(route);
    const title = await page.title();
    expect(title, route).not.toBe("");
    titles.add(title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0, `${route} description`).toBeGreaterThan(40);
    await expect(page.locator('meta[name="robots"][content*="noindex"]'), route).toHaveCount(0);
    // A shared link shows a card: title, text and an absolute PNG/JPEG image.
    expect(await page.locator('meta[property="og:title"]').getAttribute("content"), route).toBeTruthy();
    expect(await page.locator('meta[property="og:description"]').getAttribute("content"), route).toBe(description);
    await expect(page.locator('meta[name="twitter:card"]'), route).toHaveAttribute("content", "summary_large_image");
    images.add((await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "");
  }
  for (const image of images) {
    expect(image).toMatch(/^https?:\/\/.+\.(png|jpe?g)$/);
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
    expect(response.headers()["content-type"], image).toMatch(/^image\/(png|jpeg)$/);
  }
  expect(titles.size, "each route its own title").toBe(routes.length + 1);
});
