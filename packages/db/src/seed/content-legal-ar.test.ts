import { expect, test } from "vitest";
import { elementSequence, isArabicWithLatinDigits, linkTargets, numbers } from "./arabic-testing.ts";
import { privacyPolicy, termsAndConditions } from "./content-legal.ts";
import { privacyPolicyAr, termsAndConditionsAr } from "./content-legal-ar.ts";

/** The text with each run of white space (line breaks included) as one space. */
const oneLine = (html: string) => html.replace(/\s+/g, " ");

test.each([
  ["terms and conditions", termsAndConditions, termsAndConditionsAr],
  ["privacy policy", privacyPolicy, privacyPolicyAr],
])("the Arabic %s keeps the English element sequence, links and numbers", (_, english, arabic) => {
  expect(isArabicWithLatinDigits(arabic.title)).toBe(true);
  expect(isArabicWithLatinDigits(arabic.content)).toBe(true);
  expect(elementSequence(arabic.content)).toEqual(elementSequence(english.content));
  expect(linkTargets(arabic.content)).toEqual(linkTargets(english.content));
  expect(numbers(arabic.content)).toEqual(numbers(english.content));
});

test("the Arabic terms state AED prices, availability of resources, UAE law and Sharjah's courts", () => {
  for (const text of [
    "بالدرهم الإماراتي (AED)",
    "يخضع كل طلب خدمة لتوفر",
    "لقوانين دولة الإمارات العربية المتحدة",
    "تختص محاكم الشارقة دون غيرها",
  ]) {
    expect(oneLine(termsAndConditionsAr.content)).toContain(text);
  }
});

test("the Arabic privacy policy names Federal Decree-Law No. 45 of 2021", () => {
  expect(oneLine(privacyPolicyAr.content)).toContain("بقانون اتحادي رقم 45 لسنة 2021 بشأن حماية البيانات الشخصية");
});
