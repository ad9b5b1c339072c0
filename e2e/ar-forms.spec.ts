import { expect, type Locator, type Page, test } from "@playwright/test";
import { codeFromOutbox, expectNoAxeViolations, holdScripts, waitForHydration } from "./fixtures.ts";

/**
 * The contact form and the account deletion flow in Arabic (decision 016): `<html lang="ar"
 * dir="rtl">`, Arabic texts and product §5 messages, left-to-right e-mail, phone and code
 * inputs, axe with the dialogs open, and both flows completed by keyboard, with and without
 * JavaScript.
 */

/** product §5 messages as the Arabic pages show them. */
const ar = {
  fullName: "يُرجى إدخال الاسم الكامل",
  email: "يُرجى إدخال البريد الإلكتروني",
  emailInvalid: "يجب إدخال بريد إلكتروني صالح",
  phone: "رقم الهاتف مطلوب",
  subject: "يُرجى اختيار الموضوع",
  division: "يُرجى اختيار القسم",
  supportInquiry: "يُرجى كتابة استفسارك",
  otpRequired: "مطلوب",
  otpInvalid: "يجب أن يتكوّن رمز التحقق من 4 أرقام",
};

const arabicText = /[\u0600-\u06FF]/;

async function expectArabicDocument(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

/** The boxes' left edges, in the order of their accessible names 'Digit 1 of 4' … 'Digit 4 of 4'. */
async function boxLefts(scope: Page | Locator): Promise<number[]> {
  const lefts: number[] = [];
  for (let n = 1; n <= 4; n++) {
    const box = await scope.getByRole("textbox", { name: `الرقم ${n} من 4` }).boundingBox();
    lefts.push(box?.x ?? Number.NaN);
  }
  return lefts;
}

const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > (xs[i - 1] ?? Number.NaN));

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
    await expect(page.getByText("تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى.")).toBeVisible();
  });
});

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

    // A wrong code: the server's message as a toast, as it comes (the API answers in the page's language).
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
    await page.keyboard.type(wrong);
    await expect(dialog.getByRole("textbox", { name: "الرقم 4 من 4" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-sonner-toast]").first()).toHaveText("رمز التحقق غير صحيح أو منتهي الصلاحية");

    // Backspace empties the last box, then walks back emptying each box, to the first.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Backspace");
    await expect(first).toBeFocused();
    await page.keyboard.type(code);
    await expect(dialog.getByRole("textbox", { name: "الرقم 4 من 4" })).toHaveValue(code.slice(-1));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/ar\/success$/);
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
