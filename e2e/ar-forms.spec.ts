import { expect, test } from "@playwright/test";
import { ar, boxLefts, expectArabicDocument, increasing } from "./arabic-forms.ts";
import { codeFromOutbox, expectNoAxeViolations, holdScripts } from "./fixtures.ts";

/**
 * The Arabic contact form and account deletion flow as the server renders them (decision
 * 016): axe on the server's steps, and both flows completed by keyboard without JavaScript.
 * With JavaScript: ar-contact.spec.ts and ar-delete-account.spec.ts.
 */

test.describe("the steps the server renders (no JavaScript yet)", () => {
  // axe needs JavaScript in the page: the page's own scripts are held instead, so what is
  // checked is the server's HTML, as a visitor without JavaScript gets it.
  test("the contact form's messages pass axe", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/ar/contact-us", { waitUntil: "commit" });
    await page.getByRole("button", { name: "إرسال" }).click();
    await expect(page.getByText(ar.fullName, { exact: true })).toBeVisible();
    await expectArabicDocument(page);
    await expectNoAxeViolations(page);
  });

  test("the deletion steps pass axe", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/ar/delete-account", { waitUntil: "commit" });
    await page.getByLabel("البريد الإلكتروني").fill("nobody.server.steps@example.com");
    await page.getByRole("button", { name: "إرسال" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "هل أنت متأكد؟" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "تأكيد" }).click();
    await page.getByRole("button", { name: "تحقّق" }).click();
    await expect(page.getByText(ar.otpRequired, { exact: true })).toBeVisible();
    await expectArabicDocument(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Arabic contact form shows Arabic messages, then the reference, by keyboard", async ({ page }) => {
    await page.goto("/ar/contact-us");
    await expectArabicDocument(page);
    const email = page.getByLabel("البريد الإلكتروني");
    await email.focus();
    await page.keyboard.type("nojs@example");
    await page.keyboard.press("Enter");
    for (const text of [ar.fullName, ar.emailInvalid, ar.phone, ar.subject, ar.division, ar.supportInquiry]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(email).toHaveValue("nojs@example");
    await expect(email).toHaveAccessibleDescription(ar.emailInvalid);

    await page.getByLabel("الاسم الكامل").focus();
    await page.keyboard.type("سارة الكعبي");
    await page.keyboard.press("Tab"); // the e-mail, its text selected
    await page.keyboard.press("End");
    await page.keyboard.type(".com");
    await page.keyboard.press("Tab"); // the phone, '+971 ' selected
    await page.keyboard.press("End");
    await page.keyboard.type("50 123 4567");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("أرغب في نقل حصانين إلى أبوظبي.");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "إرسال" })).toBeFocused();
    await page.keyboard.press("Enter");
    const thanks = page.getByRole("status").filter({ hasText: "شكرًا لك!" });
    await expect(thanks).toBeVisible();
    await expect(thanks.getByText(/SR-\d{4}-\d{6}/)).toBeVisible();
    await expect(thanks.getByRole("link", { name: "الرئيسية" })).toHaveAttribute("href", "/ar");
  });

  // Every step in Arabic, rendered by the server, ending on /ar/success (the demo account
  // khalid.nuaimi is left for this test; the other specs delete the others).
  test("the Arabic deletion flow renders each step on the server, by keyboard", { tag: "@slow" }, async ({ page }) => {
    const since = Date.now();
    await page.goto("/ar/delete-account");
    await expectArabicDocument(page);
    const email = page.getByLabel("البريد الإلكتروني");
    await email.focus();
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Enter");
    await expect(page.getByText(ar.emailInvalid, { exact: true })).toBeVisible();
    await email.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("khalid.nuaimi@example.com");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: "هل أنت متأكد؟" })).toBeVisible();
    await expect(page.getByText("لن تتمكن من التراجع عن هذا الإجراء!")).toBeVisible();
    await expect(page.getByRole("link", { name: "إلغاء" })).toHaveAttribute("href", "/ar/delete-account");
    await page.getByRole("button", { name: "تأكيد" }).focus();
    await page.keyboard.press("Enter");

    await expect(page.getByRole("heading", { level: 2, name: "أدخل رمز التحقق" })).toBeVisible();
    await expect(page.locator("bdi", { hasText: "khalid.nuaimi@example.com" })).toBeVisible();
    expect(increasing(await boxLefts(page))).toBe(true);
    await page.getByRole("button", { name: "تحقّق" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(ar.otpRequired, { exact: true })).toBeVisible();

    // A half-typed code: 'Required', and what was typed stays in its boxes.
    await page.getByRole("textbox", { name: "الرقم 1 من 4" }).focus();
    await page.keyboard.type("4");
    await page.keyboard.press("Tab");
    await page.keyboard.type("7");
    await page.keyboard.press("Enter");
    await expect(page.getByText(ar.otpRequired, { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "الرقم 2 من 4" })).toHaveValue("7");

    await page.getByRole("textbox", { name: "الرقم 3 من 4" }).focus();
    await page.keyboard.type("1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("x");
    await page.keyboard.press("Enter");
    await expect(page.getByText(ar.otpInvalid, { exact: true })).toBeVisible();

    await page.getByRole("textbox", { name: "الرقم 4 من 4" }).focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("9");
    await page.keyboard.press("Enter");
    // A wrong code: the API's refusal, in Arabic (it answers in the page's language).
    await expect(page.getByRole("alert")).toHaveText("رمز التحقق غير صحيح أو منتهي الصلاحية");
    await expect(page.getByRole("heading", { level: 2, name: "أدخل رمز التحقق" })).toBeVisible();

    // The code from the Arabic mail, typed box by box: the account is deleted, in Arabic.
    const code = await codeFromOutbox("khalid.nuaimi@example.com", since);
    for (const [i, digit] of [...code].entries()) {
      await page.getByRole("textbox", { name: `الرقم ${i + 1} من 4` }).focus();
      await page.keyboard.press("Control+A");
      await page.keyboard.type(digit);
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/ar\/success$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("تم حذف حسابك بنجاح!!");
  });
});
