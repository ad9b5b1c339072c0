import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, holdScripts, waitForHydration } from "./fixtures.ts";

const messages = {
  fullName: "Please Enter Full Name",
  email: "Please Enter Email",
  emailInvalid: "Must be a valid Email",
  phone: "Phone number is required",
  phoneInvalid: "Invalid phone number. Please use the international format with a minimum of 9 digits.",
  subject: "Please select subject",
  division: "Please select the division",
  supportInquiry: "Please Enter your Inquiry",
};

/**
 * Uses the phone field (its first focus loads the phone library), waits for the country
 * select, then leaves the field (as a visitor would; it now counts as touched).
 */
async function phoneReady(page: Page) {
  await waitForHydration(page);
  const phone = page.getByRole("textbox", { name: "Phone" });
  await phone.focus();
  await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
  await phone.blur();
}

async function fillValid(page: Page, javaScript = true) {
  if (javaScript) await phoneReady(page);
  await page.getByLabel("Full Name").fill("Playwright Rider");
  await page.getByLabel("Email").fill("rider@example.com");
  await page.getByRole("textbox", { name: "Phone" }).fill("+971 50 123 4567");
  await page.getByLabel("Subject").selectOption("Inquiry");
  await page.getByLabel("Division").selectOption("Air-Shipping");
  await page.getByLabel("Inquiry", { exact: true }).fill("When is the next flight to Liège?");
}

test("the page has the banner, the heading and the form of product §3", async ({ page }) => {
  await page.goto("/contact-us");
  await expect(page.getByRole("heading", { level: 1, name: "Get in touch" })).toBeVisible();
  await expect(page.getByRole("img", { name: /horse/i })).toBeVisible();
  await expect(page.getByLabel("Subject").locator("option")).toHaveText([
    "Choose...",
    "Service-Request",
    "Inquiry",
    "IT-Support",
    "Issue",
    "Feedback",
    "Other",
  ]);
  await expect(page.getByLabel("Division").locator("option")).toHaveText([
    "Choose...",
    "Local-Transport",
    "Air-Shipping",
    "Technology",
    "Management",
  ]);
  const inquiry = page.getByLabel("Inquiry", { exact: true });
  await expect(inquiry).toHaveAttribute("rows", "5");
  await expect(inquiry).toHaveAttribute("placeholder", "Describe your inquiry");
  // A placeholder is text to read: at least 4.5:1 on the field's white (WCAG 1.4.3; axe does not check it).
  const placeholderContrast = await inquiry.evaluate((element) => {
    // Any CSS colour (oklch, a half-transparent mix) as the sRGB pixel it paints over the field.
    const background = getComputedStyle(element).backgroundColor;
    const painted = (color: string) => {
      const context = document.createElement("canvas").getContext("2d");
      if (!context) throw new Error("no canvas");
      for (const fill of [background, color]) {
        context.fillStyle = fill;
        context.fillRect(0, 0, 1, 1);
      }
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = painted(color).map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const text = luminance(getComputedStyle(element, "::placeholder").color);
    const field = luminance(background);
    return (Math.max(text, field) + 0.05) / (Math.min(text, field) + 0.05);
  });
  expect(placeholderContrast).toBeGreaterThanOrEqual(4.5);
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue(/^\+971/);
  await expectNoAxeViolations(page);
  await phoneReady(page);
  await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
  await expectNoAxeViolations(page);
});

test("an empty submit shows every message under its field and focuses the first", async ({ page }) => {
  await page.goto("/contact-us");
  await phoneReady(page);
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Submit" }).click();
  for (const text of [
    messages.fullName,
    messages.email,
    messages.phone,
    messages.subject,
    messages.division,
    messages.supportInquiry,
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription(messages.fullName);
  expect(posted).toBe(false);
  await expectNoAxeViolations(page);
});

test("the phone field takes a whole international number, typed after the UAE's code, pasted or autofilled", async ({
  page,
}) => {
  await page.goto("/contact-us");
  await phoneReady(page);
  const phone = page.getByRole("textbox", { name: "Phone" });
  const country = page.getByRole("combobox", { name: "Phone country" });
  const sent = page.locator('input[type="hidden"][name="phone"]');
  const typeAtEnd = async (text: string) => {
    await phone.click();
    await page.keyboard.press("End");
    await page.keyboard.type(text);
  };
  // Filled whole into the empty field without a paste, as a browser's autofill does: the
  // number, not the UAE's code alone.
  for (const [text, value, code] of [
    ["+44 20 7946 0958", "+442079460958", "GB"],
    ["00971 50 123 4567", "+971501234567", "AE"],
  ] as const) {
    await phone.fill(text);
    await expect(sent, text).toHaveValue(value);
    await expect(country, text).toHaveValue(code);
  }
  // Typed after the `+971` the field shows: the `+` starts the number over.
  await typeAtEnd("+971 50 123 4567");
  await expect(sent).toHaveValue("+971501234567");
  await typeAtEnd("+44 20 7946 0958");
  await expect(sent).toHaveValue("+442079460958");
  await expect(country).toHaveValue("GB");
  // Pasted, as most visitors fill it: the whole number, its country from its calling code.
  for (const [text, value, code] of [
    ["+971501234567", "+971501234567", "AE"],
    ["+44 20 7946 0958", "+442079460958", "GB"],
    // Full-width characters (an East Asian keyboard, a copied form) are the same number.
    // After the UK one: a paste the field did not take would leave it.
    ["＋９７１５０１２３４５６７", "+971501234567", "AE"],
    ["+44 20 7946 0958", "+442079460958", "GB"],
    ["00971 50 123 4567", "+971501234567", "AE"],
    // Copied from an Arabic page, with its direction marks. After the UAE one: the UK one.
    ["+44 20 7946 0958", "+442079460958", "GB"],
    ["\u200f\u061c+971\u00a050\u00a0123\u00a04567\u200e", "+971501234567", "AE"],
  ] as const) {
    await phone.click();
    await page.keyboard.press("End");
    await phone.evaluate((input, pasted) => {
      const data = new DataTransfer();
      data.setData("text", pasted);
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
    await expect(sent, text).toHaveValue(value);
    await expect(country, text).toHaveValue(code);
  }
  // Product §5's invalid example, typed, gets its message rather than a number made valid.
  await typeAtEnd("+97150 1234");
  await expect(sent).toHaveValue("+971501234");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(messages.phoneInvalid, { exact: true })).toBeVisible();
});

test("an invalid e-mail and a short phone show their messages", async ({ page }) => {
  await page.goto("/contact-us");
  await fillValid(page);
  await page.getByLabel("Email").fill("rider@example");
  await page.getByRole("textbox", { name: "Phone" }).fill("+971 50 123");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(messages.emailInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.phoneInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.fullName, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Email")).toBeFocused();
  // The phone field's box is red like the other invalid fields' (its input inside is the invalid one).
  const invalidBorder = await page.getByLabel("Email").evaluate((e) => getComputedStyle(e).borderTopColor);
  await expect(page.locator(".phone-field")).toHaveCSS("border-top-color", invalidBorder);
  // Fixing the e-mail clears its message.
  await page.getByLabel("Email").fill("rider@example.com");
  await expect(page.getByText(messages.emailInvalid, { exact: true })).toHaveCount(0);
});

test("a valid submit shows the reference in the thank-you modal, which closes on the backdrop", {
  tag: "@slow",
}, async ({ page }) => {
  // The submission is held until the sending state has been seen: no race with a fast answer.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/contact-us.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.goto("/contact-us");
  // Hydrated first: before it, Submit is the server's plain form post (its own test, below).
  await waitForHydration(page);
  await fillValid(page);
  const submit = page.getByRole("button", { name: "Submit" });
  await submit.click();
  // While sending: disabled, with a spinner.
  await expect(submit).toBeDisabled();
  await expect(submit.getByRole("status")).toHaveText("Sending…");
  answer();
  const dialog = page.getByRole("dialog", { name: "Thank you!" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/SR-\d{4}-\d{6}/)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  // Product §2, show and flight pages: WhatsApp with the request's reference in the message.
  const reference = (await dialog.getByTestId("reference").textContent()) ?? "";
  const whatsapp = (await dialog.getByRole("link", { name: /Ask on WhatsApp/ }).getAttribute("href")) ?? "";
  expect(new URL(whatsapp).searchParams.get("text")).toContain(reference.trim());
  await expectNoAxeViolations(page);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Full Name")).toHaveValue("");
});

test("keyboard only: fill, submit, Escape closes the modal", async ({ page }) => {
  await page.goto("/contact-us");
  await waitForHydration(page);
  await page.keyboard.press("Tab"); // skip link
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await page.keyboard.type("Keyboard Rider");
  await page.keyboard.press("Tab");
  await page.keyboard.type("keys@example.com");
  await page.keyboard.press("Tab"); // the phone: its first use loads the phone library, the focus stays
  await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
  await expect(page.getByRole("textbox", { name: "Phone" })).toBeFocused();
  await page.keyboard.type("501234567");
  await page.keyboard.press("Tab");
  await page.keyboard.type("S"); // Service-Request
  await page.keyboard.press("Tab");
  await page.keyboard.type("L"); // Local-Transport
  await page.keyboard.press("Tab");
  await page.keyboard.type("HS-42");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Please call me back.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Thank you!" });
  await expect(dialog.getByText(/SR-\d{4}-\d{6}/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Focus goes on in the renewed form, not back to the start of the page.
  await expect(page.getByLabel("Full Name")).toBeFocused();
});

test("a followed link starts the new page at its heading; Back returns to where the page was left", async ({
  page,
}) => {
  // The page runs the app, so its links are client navigations (architecture §3.1).
  await page.goto("/contact-us");
  await waitForHydration(page);
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
  await link.scrollIntoViewIfNeeded();
  const leftAt = await page.evaluate(() => scrollY);
  expect(leftAt).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", ""); // no document load: the app ran it
  // The focus moved without scrolling: Back restores where the page was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(leftAt);
  // A page whose data cannot come ends on the error screen: it too starts at its heading.
  await page.route("**/privacy-policy.data*", (route) => route.abort("internetdisconnected"));
  await link.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeFocused();
});

test("a phone number typed before the page hydrates is kept by the phone field", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/contact-us", { waitUntil: "commit" });
  await page.getByRole("textbox", { name: "Phone" }).fill("+971 50 123 4567");
  await scripts.release();
  await waitForHydration(page);
  // The field had the focus when the page hydrated: that is its first use, the phone library comes.
  await expect(page.getByRole("combobox", { name: "Phone country" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue(/50 123 4567/);
});

test("a form sent before the page hydrates keeps the server's messages once hydrated", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/contact-us", { waitUntil: "commit" });
  await page.getByLabel("Email").fill("early@example");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(messages.emailInvalid, { exact: true })).toBeVisible();
  await scripts.release();
  await waitForHydration(page);
  await expect(page.getByText(messages.emailInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.fullName, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("early@example");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(messages.emailInvalid);
});

test("a server failure shows an error toast and keeps the values", async ({ page }) => {
  await page.goto("/contact-us");
  await waitForHydration(page);
  // Offline: the post fails, and so would any reload of the page's data after it.
  await page.route("**/contact-us.data*", (route) => route.abort("internetdisconnected"));
  await fillValid(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your message could not be sent. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Playwright Rider");
  // Busy, Submit kept its focus (aria-disabled, not disabled): the keyboard goes on from there.
  await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers invalid input with the same messages, and a valid submit with the reference", async ({
    page,
  }) => {
    await page.goto("/contact-us");
    await page.getByLabel("Email").fill("nojs@example");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(messages.fullName, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.subject, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.phone, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("nojs@example");
    // The answer loads focused on its first refused field, as a submit with JavaScript focuses it.
    await expect(page.getByLabel("Full Name")).toBeFocused();
    await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription(messages.fullName);
    await fillValid(page, false);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(/SR-\d{4}-\d{6}/)).toBeAttached();
  });

  test("a refusal that names no field loads focused on its message, the values kept", async ({ page }) => {
    await page.goto("/contact-us");
    await fillValid(page, false);
    // A NUL character, which no field can be typed with: the API's own refusal, not a field's.
    await page.route("**/contact-us", (route) =>
      route.request().method() === "POST"
        ? route.continue({ postData: `${route.request().postData() ?? ""}%00` })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Submit" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: /\S/ });
    await expect(refusal).toBeFocused();
    await expect(page.getByLabel("Full Name")).toHaveValue(/\S/);
  });
});
