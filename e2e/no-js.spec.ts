import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures.ts";

/**
 * Content pages ship no framework JavaScript (decision 024): their journeys work in a
 * browser with JavaScript switched off, and with it on they download no script but our one
 * small file. Platform behaviours only: links, `<dialog>` with invoker commands and
 * `closedby`, CSS.
 */

const modalName = "All of our services available on the app";

/** Every script a page load requests, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function withoutJavaScript(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(viewport ? { viewport } : {}) });
  return { context, page: await context.newPage() };
}

test.describe("without JavaScript", () => {
  test("schedules: a filter chip is a link, a card opens the modal, its Details link leads to the show", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/transport");
    await page.getByRole("link", { name: "Dressage", exact: true }).click();
    await expect(page).toHaveURL(/\/transport\?discipline=dressage$/);
    await expect(page.getByRole("link", { name: "Dressage", exact: true })).toHaveAttribute("aria-current", "page");
    const card = page.getByRole("main").getByRole("listitem").getByRole("button").first();
    await card.click();
    const dialog = page.getByRole("dialog", { name: modalName });
    await expect(dialog).toBeVisible();
    // The 0.25 s fade (product §9) is CSS.
    expect(await dialog.evaluate((element) => getComputedStyle(element).animationDuration)).toBe("0.25s");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    // A click on the backdrop closes it too (closedby="any").
    await card.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await page
      .getByRole("link", { name: /^Details/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/transport\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "All shows" })).toHaveAttribute("href", "/transport");
    await context.close();
  });

  test("the small-screen menu opens, keeps the focus inside, closes with Escape, × and the backdrop", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser, { width: 390, height: 800 });
    await page.goto("/ar/flights");
    const open = page.getByRole("button", { name: "فتح القائمة" });
    const menu = page.getByRole("dialog", { name: "القائمة الرئيسية" });
    await open.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "من نحن" })).toHaveAttribute("href", "/ar/aboutus");
    // The page behind is inert: Tab moves among the menu's own links.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      await expect(menu.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await menu.getByRole("button", { name: "إغلاق القائمة" }).click();
    await expect(menu).toBeHidden();
    await open.click();
    // The menu slides in from the start edge's opposite side: on an Arabic page the backdrop is at the right.
    await page.mouse.click(385, 400);
    await expect(menu).toBeHidden();
    await open.click();
    await menu.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/flights$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("the language switch, a blog and its way back are plain links", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/blogs");
    await page.getByRole("main").locator('a[href^="/blogs/"]').first().click();
    await expect(page).toHaveURL(/\/blogs\/\d+$/);
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    // Sharing needs a script: without one there is no button that does nothing.
    await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
    await page.getByRole("link", { name: "العربية" }).first().click();
    await expect(page).toHaveURL(/\/ar\/blogs\/\d+$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "كل المقالات" }).click();
    await expect(page).toHaveURL(/\/ar\/blogs$/);
    expect(title).toBeTruthy();
    await context.close();
  });

  test("a release log's loaded image has no spinner left in the accessibility tree", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/release-logs");
    const image = page.getByRole("article").getByRole("img").first();
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
    // Nothing could remove an announced spinner without a script: only a drawn ring, hidden from assistive technology.
    await expect(page.getByRole("status").filter({ hasText: "Loading image…" })).toHaveCount(0);
    await expect(page.locator("[data-image-spinner] > span[aria-hidden=true]").first()).toBeAttached();
    await context.close();
  });

  test("the app page's carousel is a scroll-snap row that the keyboard scrolls, with no dead buttons", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/Khayl-App");
    const carousel = page.getByRole("region", { name: "Simplified Horse Management" });
    await expect(carousel.getByRole("button")).toHaveCount(0);
    const row = carousel.getByRole("group", { name: "Slides" });
    expect(await row.evaluate((element) => getComputedStyle(element).scrollSnapType)).toBe("x mandatory");
    const last = carousel.getByRole("group", { name: "5 of 5" });
    await expect(last).not.toBeInViewport({ ratio: 0.9 });
    await row.focus();
    await page.keyboard.press("ArrowRight");
    await expect(last).toBeInViewport({ ratio: 0.9 });
    await context.close();
  });
});

test.describe("with JavaScript, content pages run no framework", () => {
  test("a content page loads only our one deferred script, the pages with forms hydrate", { tag: "@slow" }, async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    for (const path of ["/", "/ar/transport", "/flights", "/blogs", "/aboutus", "/release-note"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    }
    expect(new Set(scripts.map((path) => path.replace(/-[\w-]{8}\.js$/, ".js")))).toEqual(
      new Set(["/assets/site-script.js"]),
    );
    await page.goto("/contact-us");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  });

  test("the modal's Details link names the card's page; the language switch remembers the choice", async ({
    page,
    context,
  }) => {
    await page.goto("/ar/transport");
    await page.waitForLoadState("load");
    const card = page.getByRole("main").getByRole("listitem").getByRole("button").first();
    // With scripts on, the cards carry no extra link: the modal offers it.
    await expect(page.getByRole("link", { name: /^التفاصيل/ })).toHaveCount(0);
    await card.click();
    const dialog = page.getByRole("dialog", { name: "جميع خدماتنا متاحة على التطبيق" });
    await dialog.getByRole("link", { name: /التفاصيل/ }).click();
    await expect(page).toHaveURL(/\/ar\/transport\/\d+$/);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "English" }).first().click();
    await expect(page).toHaveURL(/\/transport\/\d+$/);
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
  });

  test("the language switch keeps the address bar's query, by click and by keyboard", async ({ page }) => {
    // utm_source is not part of the kept page's canonical URL (decision 022): only the address bar has it.
    const where = () => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    };
    await page.goto("/transport?utm_source=mail");
    await page.getByRole("link", { name: "العربية" }).first().click();
    await expect.poll(where).toBe("/ar/transport?utm_source=mail");
    await page.getByRole("link", { name: "English" }).first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(where).toBe("/transport?utm_source=mail");
  });

  test("Share copies the link and says so beside the button", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined });
    });
    await page.goto("/blogs");
    const href = await page.getByRole("main").locator('a[href^="/blogs/"]').first().getAttribute("href");
    await page.goto(href ?? "/blogs");
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/blogs\/\d+$/);
  });
});
