import { divisionOptions, subjectOptions } from "@khayl/contract/contact-rules";
import { type Messages, setupI18n } from "@lingui/core";
import { expect, test } from "vitest";
import { divisionLabels, subjectLabels } from "./contact-options.ts";

const catalogues = import.meta.glob<{ messages: Messages }>("../locales/*/contact.po", { eager: true });
const i18nIn = (language: "en" | "ar") =>
  setupI18n({
    locale: language,
    messages: { [language]: catalogues[`../locales/${language}/contact.po`]?.messages ?? {} },
  });

test("each subject and division option has a label whose English is the contract's", () => {
  const en = i18nIn("en");
  expect(Object.keys(subjectLabels)).toEqual(subjectOptions.map((o) => o.value));
  expect(Object.keys(divisionLabels)).toEqual(divisionOptions.map((o) => o.value));
  for (const o of subjectOptions) expect(en._(subjectLabels[o.value])).toBe(o.label);
  for (const o of divisionOptions) expect(en._(divisionLabels[o.value])).toBe(o.label);
});

test("the labels are Arabic on Arabic pages, and the subject 'Inquiry' is not the field label's Arabic", () => {
  const ar = i18nIn("ar");
  expect(subjectOptions.map((o) => ar._(subjectLabels[o.value]))).toEqual([
    "طلب خدمة",
    "استفسار",
    "الدعم التقني",
    "مشكلة",
    "ملاحظات",
    "أخرى",
  ]);
  expect(divisionOptions.map((o) => ar._(divisionLabels[o.value]))).toEqual([
    "النقل البري المحلي",
    "الشحن الجوي",
    "التقنية",
    "الإدارة",
  ]);
});
