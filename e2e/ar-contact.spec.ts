import { expect, test } from "@playwright/test";
import { ar, expectArabicDocument } from "./arabic-forms.ts";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

/**
 * The contact form in Arabic (decision 016): `<html lang="ar" dir="rtl">`, Arabic texts and
 * product §5 messages, left-to-right e-mail and phone inputs, axe, and the form completed by
 * keyboard. Without JavaScript: ar-forms.spec.ts.
 */

test.describe("/ar/contact-us", () => {
  test("renders in Arabic, right to left, with e-mail and phone left to right, and passes axe", {
    tag: "@slow",
  }, async ({ page }) => {
    await page.goto("/ar/contact-us");
    await expectArabicDocument(page);
    await expect(page).toHaveTitle(/^اتصل بنا/);
    await expect(page.getByRole("heading", { level: 1, name: "تواصل معنا" })).toBeVisible();
    const subject = page.getByLabel("الموضوع");
    await expect(subject.locator("option")).toHaveText([
      "اختر...",
      "طلب خدمة",
      "استفسار",
      "الدعم التقني",
      "مشكلة",
      "ملاحظات",
      "أخرى",
    ]);
    // The values sent stay the spec's.
    expect(await subject.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      "",
      "Service-Request",
      "Inquiry",
      "IT-Support",
      "Issue",
      "Feedback",
      "Other",
    ]);
    await expect(page.getByLabel("القسم").locator("option")).toHaveText([
      "اختر...",
      "النقل البري المحلي",
      "الشحن الجوي",
      "التقنية",
      "الإدارة",
    ]);
    await expect(page.getByLabel("الاستفسار", { exact: true })).toHaveAttribute("placeholder", "صِف استفسارك");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "الهاتف" }).focus(); // first use: the phone library loads
    const country = page.getByRole("combobox", { name: "دولة رقم الهاتف" });
    await expect(country).toHaveValue("AE");
    await expect(country.locator('option[value="AE"]')).toHaveText("الإمارات العربية المتحدة");
    const phone = page.getByRole("textbox", { name: "الهاتف" });
    const email = page.getByLabel("البريد الإلكتروني");
    for (const input of [phone, email]) {
      expect(await input.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    }
    // The form is mirrored (labels start on the right); the phone reads flag, then +971 and the number.
    const flag = await country.boundingBox();
    const number = await phone.boundingBox();
    expect(flag && number && flag.x < number.x).toBe(true);
    const fullName = await page.getByLabel("الاسم الكامل").boundingBox();
    const emailBox = await email.boundingBox();
    expect(fullName && emailBox && fullName.x > emailBox.x).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("only the page's language's country names are downloaded", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await page.goto("/ar/contact-us");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "الهاتف" }).focus(); // first use: the phone library loads
    await expect(page.getByRole("combobox", { name: "دولة رقم الهاتف" })).toHaveValue("AE");
    let bodies = await Promise.all(scripts);
    expect(bodies.some((js) => js.includes("أفغانستان"))).toBe(true);
    expect(bodies.some((js) => js.includes("Afghanistan"))).toBe(false);

    scripts.length = 0;
    await page.goto("/contact-us");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Phone" }).focus();
    await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
    bodies = await Promise.all(scripts);
    expect(bodies.some((js) => js.includes("Afghanistan"))).toBe(true);
    expect(bodies.some((js) => js.includes("أفغانستان"))).toBe(false);
  });

  test("keyboard only: Arabic messages first, then the thank-you dialog with the reference", async ({ page }) => {
    // Every field twice, by keyboard, and two axe scans of a page with the country list: more
    // than the default 30 s on a busy machine.
    test.slow();
    await page.goto("/ar/contact-us");
    await waitForHydration(page);
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const fullName = page.getByLabel("الاسم الكامل");
    await expect(fullName).toBeFocused();
    // Tab through every field (name, e-mail, phone, subject, division, reference, inquiry) to Submit.
    // Reaching the phone is its first use: the phone library swaps its field in, focus kept, before
    // the next Tab (a Tab pressed in the very moment of the swap could start again from the top).
    for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
    await expect(page.getByRole("combobox", { name: "دولة رقم الهاتف" })).toHaveValue("AE");
    await expect(page.getByRole("textbox", { name: "الهاتف" })).toBeFocused();
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "إرسال" })).toBeFocused();
    await page.keyboard.press("Enter");
    for (const text of [ar.fullName, ar.email, ar.phone, ar.subject, ar.division, ar.supportInquiry]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Please Enter Full Name")).toHaveCount(0);
    // Announced: the live summary counts the fields (Arabic plural: 3-10 takes 'حقول'), and
    // the focused field is described by its message.
    await expect(page.locator('[aria-live="polite"]', { hasText: "يُرجى تصحيح 6 حقول." })).toBeAttached();
    await expect(fullName).toBeFocused();
    await expect(fullName).toHaveAccessibleDescription(ar.fullName);
    await expectNoAxeViolations(page);

    await page.keyboard.type("ليلى المنصوري");
    await page.keyboard.press("Tab");
    await page.keyboard.type("layla@example");
    await page.keyboard.press("Tab"); // country select
    await expect(page.getByText(ar.emailInvalid, { exact: true })).toBeVisible();
    await page.keyboard.press("Shift+Tab"); // back to the e-mail, its text selected
    await page.keyboard.press("End");
    await page.keyboard.type(".com");
    await expect(page.getByRole("combobox", { name: "دولة رقم الهاتف" })).toHaveValue("AE");
    await page.keyboard.press("Tab"); // country select
    await page.keyboard.press("Tab"); // phone number
    await page.keyboard.type("501234567");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // طلب خدمة
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // النقل البري المحلي
    await page.keyboard.press("Tab");
    await page.keyboard.type("HS-42");
    await page.keyboard.press("Tab");
    await page.keyboard.type("متى موعد الرحلة القادمة إلى لييج؟");
    await expect(page.getByLabel("الموضوع")).toHaveValue("Service-Request");
    await expect(page.getByLabel("القسم")).toHaveValue("Local-Transport");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "إرسال" })).toBeFocused();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "شكرًا لك!" });
    await expect(dialog.getByText("تلقّينا استفسارك وسنتواصل معك قريبًا.")).toBeVisible();
    await expect(dialog.getByTestId("reference")).toHaveText(/^SR-\d{4}-\d{6}$/);
    await expect(dialog.getByRole("link", { name: "الرئيسية" })).toHaveAttribute("href", "/ar");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("الاسم الكامل")).toHaveValue("");
  });

  test("a failed submit says so in Arabic", async ({ page }) => {
    await page.route("**/ar/contact-us.data*", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await page.goto("/ar/contact-us");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "الهاتف" }).focus(); // first use: the phone library loads
    await expect(page.getByRole("combobox", { name: "دولة رقم الهاتف" })).toHaveValue("AE");
    await page.getByLabel("الاسم الكامل").fill("ليلى المنصوري");
    await page.getByLabel("البريد الإلكتروني").fill("layla@example.com");
    await page.getByRole("textbox", { name: "الهاتف" }).fill("+971 50 123 4567");
    await page.getByLabel("الموضوع").selectOption("Inquiry");
    await page.getByLabel("القسم").selectOption("Air-Shipping");
    await page.getByLabel("الاستفسار", { exact: true }).fill("سؤال");
    await page.getByRole("button", { name: "إرسال" }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى." });
    await expect(toast).toBeVisible();
    // The toasts' region and close button are named in Arabic too.
    await expect(page.getByRole("region", { name: /^الإشعارات/ })).toBeAttached();
    await expect(toast.getByRole("button", { name: "إغلاق الإشعار" })).toBeAttached();
    // Product §9's top-right is the page's top end: on an Arabic page, the top left.
    const box = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect((box?.x ?? width) + (box?.width ?? 0) / 2).toBeLessThan(width / 2);
  });
});
