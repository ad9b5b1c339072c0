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
