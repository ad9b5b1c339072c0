import { expect, type Page, test } from "@playwright/test";
import { demoInvoice, link } from "./demo-invoices.ts";
import { expectNoAxeViolations, holdScripts, mainNav, waitForHydration } from "./fixtures.ts";
import { staticPages } from "./page-texts.ts";

/** The demo product name (PRODUCT_NAME default) forms the app page path. */
const appPath = "/Khayl-App";

async function expectTexts(page: Page, texts: string[]) {
  for (const text of texts) {
    await expect(
      page
        .getByRole("heading", { name: text, exact: true })
        .or(page.getByText(text, { exact: true }))
        .first(),
    ).toBeVisible();
  }
}

/** What a page's test checks besides its texts and axe, on the same visit (one page load each). */
const journeys: Record<string, { name: string; run: (page: Page, baseURL: string | undefined) => Promise<void> }> = {
  "/QR": {
    name: "a QR code drawn as SVG that points to the link hub, and store buttons",
    async run(page, baseURL) {
      const qr = page.getByRole("img", { name: `QR code linking to ${baseURL}/links` });
      await expect(qr).toBeVisible();
      await expect(qr.locator("svg path")).toHaveCount(2);
      await expect(page.getByRole("link", { name: "Download on the App Store" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Get it on Google Play" })).toBeVisible();
    },
  },
  "/links": {
    name: "it leads to the schedules and support",
    async run(page) {
      await expect(page.getByRole("link", { name: "Shows" })).toHaveAttribute("href", "/transport");
      await expect(page.getByRole("link", { name: "Flight" })).toHaveAttribute("href", "/flights");
      await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact-us");
      await expect(page.getByRole("link", { name: "Get it on Google Play" })).toBeVisible();
    },
  },
  "/term-of-use": {
    name: "a table of contents and the support contact",
    async run(page) {
      const contents = page.getByRole("navigation", { name: "Contents" });
      await expect(contents.getByRole("link")).toHaveCount(14);
      await contents.getByRole("link", { name: "12. Governing law and final provisions" }).click();
      await expect(page).toHaveURL(/#section-12$/);
      await expect(page.getByText(/laws of the United Arab Emirates.*courts of Sharjah/)).toBeVisible();
      await expect(page.getByRole("link", { name: "support@khayl.example" })).toHaveAttribute(
        "href",
        "mailto:support@khayl.example",
      );
    },
  },
};

for (const { path, nav, texts } of staticPages) {
  const journey = journeys[path];
  const name = `${path} shows its texts, ${nav ? "with" : "without"} the navigation, and passes axe`;
  test(journey ? `${name}; ${journey.name}` : name, async ({ page, baseURL }) => {
    await page.goto(path);
    await expectTexts(page, texts);
    if (nav) await expect(mainNav(page).first()).toBeVisible();
    else await expect(mainNav(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await journey?.run(page, baseURL);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Each page's texts in its server HTML: apps/server/src/server-html.api.test.ts.

  test("the carousel is a scrollable row of all its slides", async ({ page }) => {
    await page.goto(appPath);
    const carousel = page.getByRole("region", { name: "Simplified Horse Management" });
    await expect(carousel.getByRole("group", { name: /of 5$/ })).toHaveCount(5);
    await expect(carousel.getByRole("button", { name: "Next slide" })).toHaveCount(0);
    const row = carousel.getByRole("group", { name: "Slides" });
    const scrollable = await row.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrollable).toBe(true);
  });
});

test("hero cards: card 1 is a plain picture, cards 2–4 lead to shows, flights and blogs", async ({ page }) => {
  await page.goto("/");
  const cards = page.getByRole("list", { name: "Explore" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0).getByRole("link")).toHaveCount(0);
  await expect(cards.nth(0).locator("a, button, [tabindex]")).toHaveCount(0);
  await expect(cards.nth(1).getByRole("link", { name: "Shows" })).toHaveAttribute("href", "/transport");
  await expect(cards.nth(2).getByRole("link", { name: "Flights" })).toHaveAttribute("href", "/flights");
  await expect(cards.nth(3).getByRole("link", { name: "Blogs" })).toHaveAttribute("href", "/blogs");
  const box = await cards.nth(1).boundingBox();
  expect(box?.height).toBe(540);
  await cards.nth(2).getByRole("link").click();
  await expect(page).toHaveURL(/\/flights$/);
});

test("the carousel's next button moves the slides, previous brings them back", async ({ page }) => {
  await page.goto(appPath);
  const carousel = page.getByRole("region", { name: "Simplified Horse Management" });
  const previous = carousel.getByRole("button", { name: "Previous slide" });
  const next = carousel.getByRole("button", { name: "Next slide" });
  const first = carousel.getByRole("group", { name: "1 of 5" });
  const last = carousel.getByRole("group", { name: "5 of 5" });
  // A scroll-snap row; our site script drives the buttons (decision 024).
  await waitForHydration(page);
  await expect(previous).toBeDisabled();
  await expect(last).not.toBeInViewport();
  const before = await first.boundingBox();
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(previous).toBeEnabled();
  await expect(next).toBeDisabled();
  // The end of the row disables the focused button: focus moves to the other, not to the page.
  await expect(previous).toBeFocused();
  await expect.poll(async () => (await first.boundingBox())?.x ?? 0).toBeLessThan((before?.x ?? 0) - 100);
  // Once the row stops, a screen reader hears which slide is now first.
  const status = carousel.getByRole("status");
  await expect(status).toHaveText(/^2 of 5: \S/);
  await page.keyboard.press("Enter");
  await expect(previous).toBeDisabled();
  await expect(next).toBeFocused();
  await expect(status).toHaveText(/^1 of 5: \S/);
  await expect.poll(async () => Math.round((await first.boundingBox())?.x ?? 0)).toBe(Math.round(before?.x ?? 0));
  await expectNoAxeViolations(page);
});

test.describe("at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("home passes axe and the hero cards scroll sideways", async ({ page }) => {
    await page.goto("/");
    const list = page.getByRole("list", { name: "Explore" });
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("the menu opens with Enter, closes with Escape and gives focus back", async ({ page }) => {
    await page.goto("/aboutus");
    const button = page.getByRole("button", { name: "Open menu" });
    // It says it opens a dialog; on an invoker-command button the browser owns the expanded
    // state, so the page must not set aria-expanded (HTML's ARIA rules, which the Nu HTML Checker
    // applies to every route: apps/server/src/pages.api.test.ts).
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await expect(button).not.toHaveAttribute("aria-expanded");
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Main" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Flights" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the menu opened before the page's script loads stays open once it runs", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Main" });
    await expect(menu).toBeVisible();
    await scripts.release();
    await waitForHydration(page);
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((dialog) => dialog.matches("dialog[open]:modal"))).toBe(true);
    await menu.getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(menu).toBeHidden();
  });

  test("a link in the menu navigates and closes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    // Each link a target of 44 px for a thumb (WCAG 2.5.5), not its line of text.
    for (const menuLink of await page
      .getByRole("dialog", { name: "Main" })
      .getByRole("navigation")
      .getByRole("link")
      .all())
      expect((await menuLink.boundingBox())?.height, (await menuLink.textContent()) ?? "").toBeGreaterThanOrEqual(44);
    await page.getByRole("dialog", { name: "Main" }).getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(page.getByRole("dialog", { name: "Main" })).toBeHidden();
  });

  test("at 320 px with a reader's text spacing (WCAG 1.4.12) the app page does not scroll sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(appPath);
    await page.addStyleTag({
      content:
        "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }",
    });
    const nextButtons = page.getByRole("button", { name: "Next slide" });
    await expect(nextButtons.first()).toBeVisible();
    for (const next of await nextButtons.all()) {
      await next.scrollIntoViewIfNeeded(); // drawn (a section below the first screen waits until then)
      expect(await next.evaluate((button) => button.getBoundingClientRect().right)).toBeLessThanOrEqual(320);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("slow: at a phone's largest text (200 %, WCAG 1.4.4) no page scrolls sideways, in either language", async ({
    page,
    context,
  }) => {
    // The browser's own text size doubled: every rem of the layout doubles, so a 360 px phone
    // lays pages out as if 180 px wide (long words, e-mail addresses and references once
    // pushed pages wider than the screen).
    await page.setViewportSize({ width: 360, height: 800 });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
    // A five-digit total (AED 30,397.50) in the invoice's large type.
    const invoice = link(await demoInvoice("INV-2026-000103"));
    const paths = [
      "/",
      "/flights",
      "/transport",
      "/transport/1",
      "/term-of-use",
      "/release-logs",
      "/QR",
      "/links",
      "/success",
      invoice,
    ];
    for (const path of [...paths, ...paths.map((p) => (p === "/" ? "/ar" : `/ar${p}`))]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      // Nor is a short word split over lines where it should fit whole (a break after a hyphen is
      // a line's): the site's header (its name once spilled out of the bar), a card's status and
      // category, a flight's codes.
      const split = await page.evaluate(() => {
        const found: string[] = [];
        for (const element of document.querySelectorAll(
          "header:not(main header), .card > span:first-child, .card [aria-hidden] bdi",
        )) {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.parentElement?.checkVisibility() || node.parentElement.closest(".sr-only")) continue;
            for (const word of (node.textContent ?? "").matchAll(/[^\s-]{2,14}/g)) {
              const range = document.createRange();
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              const lines = new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              );
              if (lines.size > 1) found.push(word[0]);
            }
          }
        }
        return found;
      });
      expect(split, path).toEqual([]);
    }
  });

  test("the app page and /QR pass axe", async ({ page }) => {
    for (const path of [appPath, "/QR", "/links"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("at phone size, in a browser without invoker commands or closedby", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The polyfills' files, named by the site script's tag. */
  const polyfillUrls = (page: Page) =>
    page
      .locator("script[data-invokers-polyfill]")
      .evaluate((script: HTMLScriptElement) => [script.dataset.invokersPolyfill, script.dataset.closedbyPolyfill]);

  test("the menu and a card's app modal open, from the polyfills the site script loads only there", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    // A browser that has both features (this Chromium) fetches neither polyfill.
    await page.goto("/", { waitUntil: "networkidle" });
    const polyfills = await polyfillUrls(page);
    for (const url of polyfills) expect(requested).not.toContain(url);

    await page.addInitScript(() => {
      // As Safari before 26.2: no `command` or `closedBy`, and a button's `commandfor`
      // does nothing by itself (its click's default is cancelled after every listener ran).
      delete (HTMLButtonElement.prototype as { command?: unknown }).command;
      delete (HTMLDialogElement.prototype as { closedBy?: unknown }).closedBy;
      addEventListener("click", (event) => {
        if (event.target instanceof Element && event.target.closest("button[commandfor]")) event.preventDefault();
      });
    });
    await page.goto("/");
    await page.waitForFunction(
      () => "command" in HTMLButtonElement.prototype && "closedBy" in HTMLDialogElement.prototype,
    );
    expect(requested).toEqual(expect.arrayContaining(polyfills));
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Main" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.goto("/flights");
    await page.waitForFunction(() => "command" in HTMLButtonElement.prototype);
    await page.getByRole("main").getByRole("listitem").getByRole("button").first().click();
    const modal = page.getByRole("dialog", { name: "All of our services available on the app" });
    await expect(modal).toBeVisible();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();
  });
});

/**
 * What is wrong with the site header's bar as it is laid out now (WCAG 1.4.4, 1.4.10): a
 * control outside the bar (as wide as the screen), a link or the app button on more than one
 * line (a word split, a pill taller than the bar), two controls over each other, or neither or
 * both of the desktop links and the menu button shown. `desktop`: whether the desktop links show.
 */
function headerProblems(): { desktop: boolean; problems: string[] } {
  const header = document.querySelector("header:not(main header)");
  if (!header) return { desktop: false, problems: ["no header"] };
  const bar = header.getBoundingClientRect();
  const controls = [...header.querySelectorAll(":scope > div :is(a, button)")].filter((c) => c.checkVisibility());
  const problems: string[] = [];
  const boxes = controls.map((control) => {
    const name = control.textContent?.trim() || control.getAttribute("aria-label") || control.tagName;
    const box = control.getBoundingClientRect();
    if (
      box.top < bar.top - 0.5 ||
      box.bottom > bar.bottom + 0.5 ||
      box.left < bar.left - 0.5 ||
      box.right > bar.right + 0.5
    )
      problems.push(`${name} outside the bar`);
    // The logo's name may break between its words (Logo); every other control's text is one line.
    if (!control.querySelector("svg")) {
      const range = document.createRange();
      range.selectNodeContents(control);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`${name} on ${lines.size} lines`);
    }
    return { name, box };
  });
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (
        Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 0.5 &&
        Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 0.5
      )
        problems.push(`${a.name} over ${b.name}`);
  const desktop = header.querySelector(":scope > div nav")?.checkVisibility() ?? false;
  const menuButton = header.querySelector(":scope > div button")?.checkVisibility() ?? false;
  if (desktop === menuButton) problems.push(desktop ? "both the links and the menu button" : "no way to the links");
  return { desktop, problems };
}

test("the header's links and app button fit its bar whole, else the side menu shows, phone to laptop, both languages", async ({
  page,
}) => {
  // Widths of phones, tablets either way up and laptops zoomed to 125-200 % (1280 px at 150 %
  // is 853 CSS px), in both languages, whose links differ in width. The bar is tightest at the
  // narrowest width of each layout: 320 px for the side menu's, each language's breakpoint
  // (app.css, `nav-wide`: 1024 and 1152 px) for the desktop one.
  const widths = [320, 768, 820, 853, 1024, 1152, 1180, 1280];
  // The bar is the same on every page with it: a light one.
  for (const path of ["/aboutus", "/ar/aboutus"]) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 720 });
      const { desktop, problems } = await page.evaluate(headerProblems);
      expect(problems, `${path} at ${width} px`).toEqual([]);
      // A laptop's screen keeps the links in the bar.
      if (width >= 1280) expect(desktop, `${path} at ${width} px`).toBe(true);
    }
  }
});

test.describe("at phone size without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the menu button still opens the menu (invoker commands), and its links work", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Main" });
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Flights" }).click();
    await expect(page).toHaveURL(/\/flights$/);
    await expect(page.getByRole("heading", { name: "Plan Your Horse Shipping with Ease" })).toBeVisible();
  });
});

test("no analytics script and no request to a Google host without a measurement id", async ({ page }) => {
  const google: string[] = [];
  page.on("request", (request) => {
    if (/google|gtag|doubleclick/i.test(new URL(request.url()).hostname)) google.push(request.url());
  });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Flights" }).click();
  await expect(page).toHaveURL(/\/flights$/);
  await page.goto(appPath);
  await expect(page.locator("script[src*='googletagmanager']")).toHaveCount(0);
  expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe("undefined");
  expect(google).toEqual([]);
});
