import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

async function gotoHydrated(page: Page, path: string) {
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

/**
 * The fonts Chromium drew the text of an element's own text nodes with (DevTools' "Rendered
 * fonts"), so the test sees what a reader sees rather than which files were fetched.
 */
async function renderedFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

test("Arabic pages draw their text in the Arabic web font on the first visit; English pages load no font", async ({
  page,
  browser,
}) => {
  /** The fonts a page fetches. */
  const fontsOf = (visitor: Page) => {
    const fonts: string[] = [];
    visitor.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    return fonts;
  };

  // A first visit (a fresh context: nothing cached): with `font-display: optional`, text
  // laid out before the font is ready stays in the fallback for the life of the page. The
  // preload is what lets the font be ready: the document asks for it as it is parsed, and
  // Chromium holds the first frame for a preloaded font for a short while (decision 016).
  // How short is the browser's business and a busy host's, so the test takes the race out:
  // it holds the page's stylesheet (render-blocking) until the font has arrived, and gives
  // up after 2 s when nothing but the stylesheet itself would ask for the font.
  const fonts = fontsOf(page);
  let fontArrived!: () => void;
  const fontFetched = new Promise<void>((resolve) => (fontArrived = resolve));
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "font") fontArrived();
  });
  let fontBeforeStylesheet: boolean | undefined;
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    const withoutFont = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000));
    fontBeforeStylesheet ??= await Promise.race([fontFetched.then(() => true as const), withoutFont]);
    await route.continue();
  });
  await page.goto("/ar");
  await page.evaluate(() => document.fonts.ready);
  expect(fontBeforeStylesheet, "the document asks for the font before its stylesheet applies").toBe(true);
  expect(fonts).toEqual([expect.stringMatching(/\/assets\/readex-pro-arabic-wght-normal-[\w-]+\.woff2$/)]);
  // Spaces are outside the font's unicode-range.
  expect(await renderedFonts(page, "h1")).toContain("Readex Pro");

  // An English first visit fetches no font at all (a preload or a stylesheet's font is
  // fetched before the load event that goto waits for).
  const english = await browser.newContext();
  const reader = await english.newPage();
  const englishFonts = fontsOf(reader);
  await reader.goto("/");
  await reader.evaluate(() => document.fonts.ready);
  expect(englishFonts).toEqual([]);
  expect(await renderedFonts(reader, "h1")).not.toContain("Readex Pro");
  await english.close();
});

// The head's language versions, unknown paths and /ar/transport's server HTML: apps/server/src/server-html.api.test.ts.
