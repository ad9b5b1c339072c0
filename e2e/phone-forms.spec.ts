import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures.ts";

/**
 * The form pages on a phone (412 × 915, touch): what only a real layout shows, under the
 * sticky header (4rem).
 */
test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

test("after Submit the first invalid field is focused with its label below the header", async ({ page }) => {
  await page.goto("/contact-us");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Playwright Rider");
  await page.getByLabel("Email").fill("rider@example");
  await page.getByLabel("Inquiry", { exact: true }).fill("Two horses to Al Ain");
  // The e-mail field partly under the header (the page scrolled by a thumb), Submit in view.
  await page.getByLabel("Email").evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().top - 50));
  await page.getByRole("button", { name: "Submit" }).tap();
  await expect(page.getByLabel("Email")).toBeFocused();
  const label = await page.locator('label[for="email"]').boundingBox();
  const header = await page.locator("header").first().boundingBox();
  // Focus lands on a field only partly in view at the top: before, its label stayed under the header.
  expect(label?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
});

test("the forms' fields, the phone's country select and a dialog's × are thumb targets of 44 px", async ({ page }) => {
  const atLeast44 = async (name: string, box: { width: number; height: number } | null) => {
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    expect(box?.width, name).toBeGreaterThanOrEqual(44);
  };
  await page.goto("/contact-us");
  await waitForHydration(page);
  for (const label of ["Full Name", "Email", "Phone", "Subject", "Division", "Applicable Reference"]) {
    await atLeast44(label, await page.getByLabel(label, { exact: true }).boundingBox());
  }
  // The phone library's field: its flag is the country select, a 34 × 24 px image.
  await page.getByRole("textbox", { name: "Phone" }).focus();
  const country = page.getByRole("combobox", { name: "Phone country" });
  await expect(country).toHaveValue("AE");
  await atLeast44("Phone country", await country.boundingBox());

  await page.goto("/delete-account");
  await waitForHydration(page);
  await atLeast44("deletion e-mail", await page.getByLabel("Email").boundingBox());
  await page.getByLabel("Email").fill("thumb@example.com");
  await page.getByRole("button", { name: "Submit" }).tap();
  const dialog = page.getByRole("dialog", { name: "Are you Sure?" });
  await atLeast44("dialog ×", await dialog.getByRole("button", { name: "Close" }).boundingBox());
});

test("an error toast starts below the header, and a tap 20 px off its × still closes it", async ({ page }) => {
  await page.goto("/contact-us");
  await waitForHydration(page);
  // Offline: the post fails with an error toast.
  await page.route("**/contact-us.data*", (route) => route.abort("internetdisconnected"));
  await page.getByRole("textbox", { name: "Phone" }).focus();
  await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
  await page.getByRole("textbox", { name: "Phone" }).fill("+971 50 123 4567");
  await page.getByLabel("Full Name").fill("Playwright Rider");
  await page.getByLabel("Email").fill("rider@example.com");
  await page.getByLabel("Subject").selectOption("Inquiry");
  await page.getByLabel("Division").selectOption("Air-Shipping");
  await page.getByLabel("Inquiry", { exact: true }).fill("When is the next flight?");
  await page.getByRole("button", { name: "Submit" }).tap();
  const toast = page.getByRole("listitem").filter({ hasText: "Your message could not be sent. Please try again." });
  await expect(toast).toBeVisible();
  const header = await page.locator("header").first().boundingBox();
  // Once it has slid in. Before, it covered the header's menu button and the site's name.
  await expect
    .poll(async () => (await toast.boundingBox())?.y)
    .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  const close = await toast.getByRole("button", { name: "Close notification" }).boundingBox();
  expect(Math.round(close?.width ?? 0)).toBeGreaterThanOrEqual(24);
  // Its target reaches 44 px (the 20 px button was missed by a thumb): the point 20 px below
  // its centre is the button (read without the browser's own touch adjustment), and a tap there closes it.
  const [x, y] = [(close?.x ?? 0) + (close?.width ?? 0) / 2, (close?.y ?? 0) + (close?.height ?? 0) / 2 + 20];
  const hit = await page.evaluate(
    ([px, py]) => Boolean(document.elementFromPoint(px, py)?.closest("[data-close-button]")),
    [x, y] as const,
  );
  expect(hit).toBe(true);
  await page.touchscreen.tap(x, y);
  await expect(toast).toHaveCount(0);
});
