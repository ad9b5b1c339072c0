import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Helpers of the Arabic form specs (ar-contact, ar-delete-account and ar-forms): the
 * product §5 messages in Arabic and the checks of an Arabic, right-to-left page.
 */

/** product §5 messages as the Arabic pages show them. */
export const ar = {
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

/** A letter of the Arabic script. */
export const arabicText = /[\u0600-\u06FF]/;

/** The document is Arabic, right to left. */
export async function expectArabicDocument(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

/** The boxes' left edges, in the order of their accessible names 'Digit 1 of 4' … 'Digit 4 of 4'. */
export async function boxLefts(scope: Page | Locator): Promise<number[]> {
  const lefts: number[] = [];
  for (let n = 1; n <= 4; n++) {
    const box = await scope.getByRole("textbox", { name: `الرقم ${n} من 4` }).boundingBox();
    lefts.push(box?.x ?? Number.NaN);
  }
  return lefts;
}

/** Whether each number is greater than the one before. */
export const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > (xs[i - 1] ?? Number.NaN));
