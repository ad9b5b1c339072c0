import { expect, type Locator, test } from "@playwright/test";

/**
 * A high-contrast theme (forced colours, WCAG 1.4.11) drops every background: what a
 * background drew must still be seen (app.css, "Forced colours"). Computed styles under
 * the emulated theme, which only a browser has.
 */
test.use({ colorScheme: "dark" });

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test("under forced colours the glyphs, the filled buttons and the active chip stay visible", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto("/transport?discipline=dressage");
  // The theme's link colour, as the browser resolves the system colour.
  const linkText = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement("span"));
    probe.style.color = "LinkText";
    return getComputedStyle(probe).color;
  });
  const badge = page.getByRole("contentinfo").getByRole("link", { name: "Download on the App Store" });
  // The store glyph is drawn in the link colour, whatever colour the badge gave it.
  expect(await style(badge.locator(".icon-apple"), "background-color")).toBe(linkText);
  expect(await style(badge, "border-top-width")).toBe("1px");
  const chips = page.getByRole("navigation", { name: /discipline/i });
  expect(await style(chips.locator('[aria-current="page"]'), "border-top-width")).toBe("3px");
  expect(await style(chips.locator('[aria-current="page"]'), "text-decoration-line")).toBe("underline");

  await page.goto("/contact-us");
  expect(await style(page.getByRole("button", { name: "Submit" }), "border-top-width")).toBe("1px");
  const whatsapp = page.getByRole("main").locator(".icon-whatsapp").first();
  expect(await style(whatsapp, "background-color")).toBe(linkText);
});
