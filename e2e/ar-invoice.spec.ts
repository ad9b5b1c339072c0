import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  amount,
  claimUnpaidInvoice,
  type DemoInvoice,
  demoInvoice,
  feeOf,
  typeCardByKeyboard,
} from "./demo-invoices.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

/**
 * The invoice page in Arabic (/ar/invoice/{hash}, decision 016): right to left, every text in
 * Arabic, amounts and codes left to right with Latin digits, links that stay in Arabic, the
 * payment by keyboard only, a declined card, and steps 1 and 2 without JavaScript. The
 * English texts and the flow itself are e2e/invoice.spec.ts's. Set E2E_SCREENSHOT_DIR to keep
 * phone-size screenshots of steps 1, 3 and 4 for a look by eye.
 */

/** The Arabic page of `invoice`. */
const link = (invoice: DemoInvoice) => `/ar/invoice/${invoice.hash}`;
/** What an amount reads in Arabic: the number, then the currency. */
const dirhams = (fils: number) => `${amount(fils)} درهم`;

async function expectArabic(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `ar-invoice-${name}.png`), fullPage: true });
}

/**
 * The dirham sign of an amount is at the left of its digits, and the amount reads left to
 * right (the digits' text starts after the sign ends).
 */
async function expectSignLeftOfDigits(page: Page, selector: string) {
  const boxes = await page
    .locator(selector)
    .first()
    .evaluate((money) => {
      const sign = money.querySelector("svg")?.getBoundingClientRect();
      const digits = [...money.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /\d/.test(n.textContent ?? ""));
      if (!sign || !digits) return null;
      const range = document.createRange();
      range.selectNodeContents(digits);
      const text = range.getBoundingClientRect();
      return { direction: getComputedStyle(money).direction, signRight: sign.right, digitsLeft: text.left };
    });
  expect(boxes).not.toBeNull();
  expect(boxes?.direction).toBe("ltr");
  expect(boxes?.signRight).toBeLessThanOrEqual((boxes?.digitsLeft ?? 0) + 0.5);
}

test("step 1 in Arabic: right to left, Arabic texts, the amount left to right with the sign at its left", async ({
  page,
}) => {
  const invoice = await demoInvoice("INV-2026-000102");
  await page.goto(link(invoice));
  await expectArabic(page);
  await expect(page).toHaveTitle(/^الملخص – فاتورة رقم INV-2026-000102 \| /);
  await expect(page.getByRole("heading", { level: 1, name: "فاتورة رقم INV-2026-000102" })).toBeVisible();
  await expect(page.getByText("وضع الاختبار", { exact: true })).toBeVisible();
  const total = page.getByText("الإجمالي", { exact: true }).locator("xpath=following-sibling::p[1]");
  await expect(total).toHaveText(dirhams(invoice.totalFils));
  await expectSignLeftOfDigits(page, "main p.text-4xl > span");
  await expect(page.getByText("رقم الفاتورة")).toBeVisible();
  await expect(page.getByRole("definition").getByText("INV-2026-000102", { exact: true })).toHaveAttribute(
    "dir",
    "ltr",
  );
  // The due date with an Arabic month name and Latin digits, in Asia/Dubai.
  await expect(page.locator("main time")).toHaveText(/^\d{2} [\u0600-\u06FF]+ \d{4}$/);
  await expect(page.getByRole("radio", { name: "بطاقة ائتمان أو خصم" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Apple Pay" })).not.toBeChecked();
  await expect(page.getByText("الرسوم غير قابلة للاسترداد")).toBeVisible();
  await expect(page.getByRole("link", { name: /^تنزيل الفاتورة INV-2026-000102/ })).toHaveAttribute(
    "href",
    `/ar/invoice/${invoice.hash}/pdf`,
  );
  // The steps read right to left: step 1 is the rightmost.
  const steps = page.getByRole("listitem").filter({ hasText: /^(الملخص|التفاصيل|الدفع|الانتهاء)$/ });
  await expect(steps).toHaveText(["الملخص", "التفاصيل", "الدفع", "الانتهاء"]);
  const first = await steps.first().boundingBox();
  const last = await steps.last().boundingBox();
  expect(first && last && first.x > last.x).toBe(true);
  await expectNoAxeViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("keyboard only in Arabic: choose, review, pay with 4242 and reach 'تم الدفع بنجاح', axe at each step", async ({
    page,
  }) => {
    // Four steps by keyboard with an axe scan at each: more than the default 30 s on a busy machine.
    test.slow();
    const invoice = await claimUnpaidInvoice();
    const fee = feeOf(invoice.totalFils);
    const payments: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/payment")) payments.push(new URL(r.url()).pathname);
    });
    await page.goto(link(invoice));
    await expectArabic(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "step1");
    await page.keyboard.press("Tab"); // skip link
    await expect(page.getByRole("link", { name: "انتقل إلى المحتوى" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("radio", { name: "بطاقة ائتمان أو خصم" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /^تنزيل الفاتورة/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "التالي" })).toBeFocused();
    await page.keyboard.press("Enter");

    // Step 2.
    await expect(page).toHaveURL(/\/ar\/invoice\/[^/?]+\?step=2&method=card$/);
    await expect(page.getByRole("heading", { name: "تفاصيل الدفع" })).toBeFocused();
    const details = page.getByRole("definition");
    await expect(details.filter({ hasText: "بطاقة ائتمان أو خصم" })).toBeVisible();
    await expect(page.getByText("رسوم أخرى")).toBeVisible();
    await expect(details.filter({ hasText: dirhams(fee) })).toBeVisible();
    await expect(page.getByText("المبلغ الإجمالي")).toBeVisible();
    await expect(details.filter({ hasText: dirhams(invoice.totalFils + fee) })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "رجوع" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "ادفع" })).toBeFocused();
    await page.keyboard.press("Enter");

    // Step 3: the test-mode notice and the card form, digits left to right.
    await expect(page.getByRole("heading", { name: "الدفع", exact: true })).toBeFocused();
    await expect(page.getByText("الدفع بواسطة")).toBeVisible();
    await expect(page.getByText("وضع الاختبار: لن يُحصَّل أي مبلغ فعلي")).toBeVisible();
    await expect(page.getByText("4242 4242 4242 4242", { exact: true })).toHaveAttribute("dir", "ltr");
    for (const label of ["رقم البطاقة", "تاريخ الانتهاء", "رمز الأمان"])
      await expect(page.getByLabel(label)).toHaveAttribute("dir", "ltr");
    await expect(page.getByLabel("دولة الفوترة").locator("option")).toHaveText([
      "اختر الدولة",
      "الإمارات العربية المتحدة",
      "الولايات المتحدة",
      "المملكة المتحدة",
      "كندا",
      "أستراليا",
      "ألمانيا",
      "فرنسا",
      "إسبانيا",
    ]);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("رقم البطاقة")).toBeFocused();
    await typeCardByKeyboard(page, "دولة الفوترة");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel("دولة الفوترة")).toHaveValue("UAE");
    await expect(page.getByLabel("رقم البطاقة")).toHaveValue("4242 4242 4242 4242");
    await expect(page.getByLabel("تاريخ الانتهاء")).toHaveValue("12 / 34");
    await expectNoAxeViolations(page);
    await screenshot(page, "step3");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "رجوع" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "ادفع" })).toBeFocused();
    await page.keyboard.press("Enter");

    // Step 4.
    await expect(page.getByRole("heading", { name: "تم الدفع بنجاح" })).toBeFocused();
    await expect(page.getByText("تم استلام دفعتك. كل شيء جاهز!")).toBeVisible();
    await expect(details.filter({ hasText: dirhams(invoice.totalFils) }).first()).toBeVisible();
    await expect(details.filter({ hasText: dirhams(fee) })).toBeVisible();
    await expect(details.filter({ hasText: "بطاقة Visa تنتهي بالأرقام 4242" })).toBeVisible();
    await expect(page.getByText("مدفوعة", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "step4");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /^إيصال الفاتورة/ })).toBeFocused();
    await expect(page.getByRole("link", { name: /^إيصال الفاتورة/ })).toHaveAttribute(
      "href",
      `/ar/invoice/${invoice.hash}/pdf`,
    );
    await page.keyboard.press("Tab");
    const home = page.getByRole("link", { name: "الرئيسية", exact: true }).last();
    await expect(home).toBeFocused();
    await expect(home).toHaveAttribute("href", "/ar");

    // The API was asked in Arabic: every payment step went through the Arabic route.
    expect(payments.length).toBeGreaterThanOrEqual(3);
    for (const p of payments) expect(p).toMatch(/^\/ar\/invoice\/[^/]+\/payment$/);
  });
});

test("a declined card shows the Arabic card-failure message", { tag: "@slow" }, async ({ page }) => {
  const invoice = await claimUnpaidInvoice();
  await page.goto(`${link(invoice)}?step=3&method=card`);
  await expect(page.getByRole("heading", { name: "الدفع", exact: true })).toBeVisible();
  await page.getByLabel("رقم البطاقة").fill("4000 0000 0000 0002");
  await page.getByLabel("تاريخ الانتهاء").fill("12 / 34");
  await page.getByLabel("رمز الأمان").fill("123");
  await page.getByLabel("دولة الفوترة").selectOption("UAE");
  const pay = page.getByRole("button", { name: "ادفع" });
  await pay.click();
  await expect(page.getByRole("alert")).toContainText("تعذّر إتمام الدفع. يُرجى المحاولة مرة أخرى.");
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(pay).toBeDisabled();
  await expectArabic(page);
  await expectNoAxeViolations(page);
  // product §9: the payment state resets after 3000 ms.
  await expect(pay).toBeEnabled({ timeout: 5_000 });
});

test("a card message of the form and the country message are Arabic", async ({ page }) => {
  await page.goto(`${link(await demoInvoice("INV-2026-000101"))}?step=3&method=card`);
  await page.getByLabel("رقم البطاقة").fill("4242 4242 4242 4241");
  await expect(page.getByText("رقم البطاقة غير صالح.")).toBeVisible();
  await page.getByLabel("رقم البطاقة").fill("4242 4242 4242 4242");
  await page.getByLabel("تاريخ الانتهاء").fill("12 / 34");
  await page.getByLabel("رمز الأمان").fill("123");
  await expect(page.getByText("يُرجى اختيار الدولة")).toBeVisible();
  await expect(page.getByRole("button", { name: "ادفع" })).toBeDisabled();
});

test("a paid invoice and a bad link in Arabic: the paid state, and 'خطأ' with a way home in Arabic", {
  tag: "@slow",
}, async ({ page }) => {
  const paid = await demoInvoice("INV-2026-000104");
  await page.goto(link(paid));
  await expect(page.getByRole("heading", { name: "تم الدفع بنجاح" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^إيصال الفاتورة/ })).toHaveAttribute(
    "href",
    `/ar/invoice/${paid.hash}/pdf`,
  );
  await expectSignLeftOfDigits(page, "main dd > span[dir=ltr]");
  await expectNoAxeViolations(page);

  const malformed = await page.goto("/ar/invoice/not-a-token");
  expect(malformed?.status()).toBe(400);
  await expectArabic(page);
  await expect(page.getByRole("heading", { name: "خطأ" })).toBeVisible();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "العودة إلى الرئيسية" }).click();
  await expect(page).toHaveURL(/\/ar$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("steps 1 and 2 work in Arabic as plain links and forms; step 3 says paying needs JavaScript", async ({
    page,
  }) => {
    const invoice = await demoInvoice("INV-2026-000101");
    await page.goto(link(invoice));
    await expectArabic(page);
    await page.getByRole("radio", { name: "Apple Pay" }).check();
    await page.getByRole("button", { name: "التالي" }).click();
    await expect(page).toHaveURL(/\/ar\/invoice\/[^/?]+\?step=2&method=apple-pay$/);
    await expect(page.getByRole("heading", { name: "تفاصيل الدفع" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Apple Pay" })).toBeVisible();
    await page.getByRole("link", { name: "ادفع" }).click();
    await expect(page.getByText(/يتطلب الدفع JavaScript/)).toBeVisible();
    await expect(page.getByRole("link", { name: "تنزيل الفاتورة (PDF)" })).toHaveAttribute(
      "href",
      `/ar/invoice/${invoice.hash}/pdf`,
    );
    await page.getByRole("link", { name: "رجوع" }).click();
    await expect(page.getByText("المبلغ الإجمالي")).toBeVisible();
    await expectArabic(page);
  });
});
