import { expect, test } from "@playwright/test";
import { ar, arabicText, boxLefts, expectArabicDocument, increasing } from "./arabic-forms.ts";
import { codeFromOutbox, expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

/**
 * The account deletion flow in Arabic (decision 016): Arabic texts and product §5 messages,
 * left-to-right e-mail and code inputs, axe with the dialogs open, and the flow completed by
 * keyboard. Without JavaScript: ar-forms.spec.ts.
 */

test.describe("/ar/delete-account and /ar/success", () => {
  test("the page and both dialogs are Arabic, the code boxes read 1-2-3-4 left to right, and axe passes", {
    tag: "@slow",
  }, async ({ page }) => {
    await page.goto("/ar/delete-account");
    await expectArabicDocument(page);
    await expect(page).toHaveTitle(/^حذف الحساب/);
    await expect(page.getByRole("heading", { level: 1, name: "احذف حسابك" })).toBeVisible();
    await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("href", "/delete-account");
    const email = page.getByLabel("البريد الإلكتروني");
    expect(await email.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    await waitForHydration(page);
    await email.fill("omar@");
    await email.blur();
    await expect(page.getByText(ar.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "إرسال" })).toBeDisabled();
    await expectNoAxeViolations(page);

    await email.fill("nobody.in.arabic@example.com");
    await page.getByRole("button", { name: "إرسال" }).click();
    const confirm = page.getByRole("dialog", { name: "هل أنت متأكد؟" });
    await expect(confirm.getByText("لن تتمكن من التراجع عن هذا الإجراء!")).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "تأكيد" }).click();

    const dialog = page.getByRole("dialog", { name: "أدخل رمز التحقق" });
    await expect(dialog.getByText(/^أرسلنا رمزًا من 4 أرقام إلى nobody\.in\.arabic@example\.com/)).toBeVisible();
    await expect(dialog.locator("bdi", { hasText: "nobody.in.arabic@example.com" })).toBeVisible();
    expect(increasing(await boxLefts(dialog))).toBe(true);
    await dialog.getByRole("button", { name: "تحقّق" }).click();
    await expect(dialog.getByText(ar.otpRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    const boxes = dialog.getByRole("textbox");
    for (let i = 0; i < 3; i++) await boxes.nth(i).fill("1");
    await boxes.nth(3).fill("x");
    await dialog.getByRole("button", { name: "تحقّق" }).click();
    await expect(dialog.getByText(ar.otpInvalid, { exact: true })).toBeVisible();
  });

  test("keyboard only: the whole deletion flow in Arabic ends on /ar/success", async ({ page }) => {
    const since = Date.now();
    // The one demo account no other spec deletes (layla.haddad is the demo invoices' customer).
    const address = "james.whitaker@example.com";
    await page.goto("/ar/delete-account");
    await waitForHydration(page);
    await page.keyboard.press("Tab"); // the language switch
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("البريد الإلكتروني")).toBeFocused();
    await page.keyboard.type(address);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "هل أنت متأكد؟" });
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Tab"); // × → إلغاء
    await page.keyboard.press("Tab"); // → تأكيد
    await expect(confirm.getByRole("button", { name: "تأكيد" })).toBeFocused();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "أدخل رمز التحقق" });
    const first = dialog.getByRole("textbox", { name: "الرقم 1 من 4" });
    await expect(first).toBeFocused();
    // The code step opens as soon as the ask is answered; Verify stays busy (disabled, with
    // its spinner) until the page's data has reloaded, and Enter submits nothing meanwhile.
    await expect(dialog.getByRole("button", { name: "تحقّق" })).toBeEnabled();
    await page.keyboard.press("Enter");
    await expect(dialog.getByText(ar.otpRequired, { exact: true })).toBeVisible();
    const code = await codeFromOutbox(address, since);

    // Focus moves forward on input and back on Backspace, left to right on the screen.
    await page.keyboard.type(code.slice(0, 1));
    await expect(dialog.getByRole("textbox", { name: "الرقم 2 من 4" })).toBeFocused();
    await page.keyboard.press("Backspace");
    await expect(first).toBeFocused();
    await expect(first).toHaveValue("");

    // A wrong code: the server's message in the dialog's own alert, as it comes (the API
    // answers in the page's language); focus stays in the boxes.
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
    await page.keyboard.type(wrong);
    await expect(dialog.getByRole("textbox", { name: "الرقم 4 من 4" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("رمز التحقق غير صحيح أو منتهي الصلاحية");
    await expect(dialog.getByRole("textbox", { name: "الرقم 4 من 4" })).toBeFocused();

    // Backspace empties the last box, then walks back emptying each box, to the first.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Backspace");
    await expect(first).toBeFocused();
    await page.keyboard.type(code);
    await expect(dialog.getByRole("textbox", { name: "الرقم 4 من 4" })).toHaveValue(code.slice(-1));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/ar\/success$/);
    // A document load, not a client navigation (decision 024): the reader starts at the top of
    // the new page and a screen reader announces it, where focus was left on the body, unsaid.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.name)).toMatch(/\/ar\/success$/);
    await expectArabicDocument(page);
    await expect(page.getByRole("heading", { level: 1, name: "تم حذف حسابك بنجاح!!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "الرئيسية" })).toHaveAttribute("href", "/ar");
  });

  test("/ar/success is Arabic and passes axe", async ({ page }) => {
    await page.goto("/ar/success");
    await expectArabicDocument(page);
    await expect(page).toHaveTitle(/^تم حذف الحساب/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("تم حذف حسابك بنجاح!!");
    await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("href", "/success");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", arabicText);
    await expectNoAxeViolations(page);
  });
});
