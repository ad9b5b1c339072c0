import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, holdScripts, waitForHydration } from "./fixtures.ts";

test("home shows the headline and both schedules from the API", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Wherever your equine journey takes you" })).toBeVisible();
  const transport = page.getByRole("region", { name: "Transport schedule" });
  await expect(transport.getByRole("button").first()).toBeVisible();
  await expect(transport.getByRole("link", { name: "Show all Transport schedule", exact: true })).toHaveAttribute(
    "href",
    "/transport",
  );
  const shipping = page.getByRole("region", { name: "Shipping schedule" });
  await expect(shipping.getByRole("link", { name: "Show all Shipping schedule", exact: true })).toHaveAttribute(
    "href",
    "/flights",
  );
  await expect(shipping.getByText("Transit")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a chip filters the flights and the URL keeps the choice", async ({ page }) => {
  await page.goto("/flights");
  await expect(page.getByRole("heading", { level: 1, name: "Plan Your Horse Shipping with Ease" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("listitem").getByRole("button");
  await expect(cards.filter({ hasText: "Import" }).first()).toBeVisible();
  await expect(cards.filter({ hasText: "Export" }).first()).toBeVisible();

  await page.getByRole("link", { name: "Export", exact: true }).click();
  await expect(page).toHaveURL(/\/flights\?type=export$/);
  await expect(page.getByRole("link", { name: "Export", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: /^Import/ })).toHaveCount(0);
  for (const text of await cards.allTextContents()) expect(text).toMatch(/^Export/);

  await page.goBack();
  await expect(page).toHaveURL(/\/flights$/);
  await expect(cards.filter({ hasText: /^Import/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a card opens the app modal, which closes with × and with Escape", async ({ page }) => {
  await page.goto("/transport?discipline=dressage");
  const card = page.getByRole("main").getByRole("listitem").getByRole("button").first();
  await card.click();
  const dialog = page.getByRole("dialog", { name: "All of our services available on the app" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Download on the App Store" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Get it on Google Play" })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();

  await card.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("while the app modal is open the page behind it does not scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/flights");
  const card = page.getByRole("main").getByRole("listitem").getByRole("button").nth(1);
  await card.click();
  const dialog = page.getByRole("dialog", { name: "All of our services available on the app" });
  await expect(dialog).toBeVisible();
  const before = await page.evaluate(() => scrollY);
  await page.mouse.move(195, 30); // over the backdrop
  await page.mouse.wheel(0, 600);
  // Two frames: a wheel scroll, if any, has landed (it is not animated here).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => scrollY)).toBe(before);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(before);
});

test("a card tapped before the page's script loads opens the modal, which stays open once it runs", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/flights", { waitUntil: "commit" });
  const card = page.getByRole("main").getByRole("listitem").getByRole("button").first();
  await card.click();
  const dialog = page.getByRole("dialog", { name: "All of our services available on the app" });
  await expect(dialog).toBeVisible();
  await scripts.release();
  await waitForHydration(page);
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // With the script running, the card opens it again.
  await card.click();
  await expect(dialog).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a card still opens the app modal (invoker commands), and × closes it", async ({ page }) => {
    await page.goto("/flights");
    await page.getByRole("main").getByRole("listitem").getByRole("button").first().click();
    const modal = page.getByRole("dialog", { name: "All of our services available on the app" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: /App Store/ })).toBeVisible();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();
    await page.getByRole("main").getByRole("listitem").getByRole("button").first().click();
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
  });

  // The filtered schedules in the server HTML and the unknown paths' redirect: apps/server/src/server-html.api.test.ts.
});
