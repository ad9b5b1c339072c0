import {
  contactMaxLengths,
  formMessages,
  OTP_LENGTH,
  tooLongDescriptor,
  tooLongMessage,
  validateContactForm,
} from "@khayl/contract/contact-rules";
import { messages as arForms } from "@khayl/contract/locales/ar/forms";
import { messages as enForms } from "@khayl/contract/locales/en/forms";
import { type Messages, setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import { type FormMessageKey, formMessageDescriptors, localizeFormMessage } from "./contact-messages.ts";

/**
 * The compiled catalogues of the two areas that show product §5 messages, with the shared
 * form catalogue of the contract (area `forms`), as the pages load them.
 */
const catalogues = import.meta.glob<{ messages: Messages }>("../locales/*/{contact,account}.po", { eager: true });
const sharedForms = { en: enForms, ar: arForms };
function i18nFor(language: "en" | "ar", area: "contact" | "account") {
  const catalogue = catalogues[`../locales/${language}/${area}.po`];
  if (!catalogue) throw new Error(`no catalogue ${language}/${area}`);
  const messages = { ...sharedForms[language], ...catalogue.messages };
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

const keys = Object.keys(formMessages) as FormMessageKey[];
const arabicLetters = /[\u0600-\u06FF]/;

describe("the product §5 messages of the contract as Lingui messages", () => {
  test("every contract message has a descriptor, and no descriptor lacks a contract message", () => {
    expect(Object.keys(formMessageDescriptors).sort()).toEqual([...keys].sort());
  });

  test("each descriptor's English is the contract's text letter for letter", () => {
    for (const key of keys) expect(formMessageDescriptors[key].message, key).toBe(formMessages[key]);
  });

  test.each(["contact", "account"] as const)(
    "the compiled English %s catalogue renders the contract's texts",
    (area) => {
      const en = i18nFor("en", area);
      for (const key of keys) expect(en._(formMessageDescriptors[key]), key).toBe(formMessages[key]);
      for (const max of Object.values(contactMaxLengths))
        expect(en._(tooLongDescriptor(max))).toBe(tooLongMessage(max));
    },
  );

  test.each(["contact", "account"] as const)("the Arabic %s catalogue has every message in Arabic", (area) => {
    const ar = i18nFor("ar", area);
    for (const key of keys) {
      const text = localizeFormMessage(ar, formMessages[key]);
      expect(text, key).toMatch(arabicLetters);
      expect(text, key).not.toBe(formMessages[key]);
    }
  });

  test("the too-long message keeps the limit in Latin digits in Arabic", () => {
    const ar = i18nFor("ar", "contact");
    expect(localizeFormMessage(ar, tooLongMessage(contactMaxLengths.supportInquiry))).toBe(
      "يجب ألا يتجاوز النص 20,000 حرف",
    );
    expect(localizeFormMessage(ar, tooLongMessage(contactMaxLengths.fullName))).toBe("يجب ألا يتجاوز النص 200 حرف");
  });

  test("whatever the contact form's check answers is shown in Arabic on an Arabic page", () => {
    const ar = i18nFor("ar", "contact");
    const long = (n: number) => "x".repeat(n + 1);
    const answers = [
      validateContactForm({}),
      validateContactForm({ email: "a@b", phone: "+971 50", fullName: long(contactMaxLengths.fullName) }),
      validateContactForm({
        applicableReference: long(contactMaxLengths.applicableReference),
        supportInquiry: long(contactMaxLengths.supportInquiry),
      }),
    ];
    const shown = answers.flatMap((errors) => Object.values(errors));
    expect(shown.length).toBeGreaterThan(8);
    for (const message of shown) expect(localizeFormMessage(ar, message), message).toMatch(arabicLetters);
  });

  test("the verification-code messages read in Arabic on the Arabic deletion page", () => {
    const ar = i18nFor("ar", "account");
    expect(localizeFormMessage(ar, formMessages.otpRequired)).toBe("مطلوب");
    expect(localizeFormMessage(ar, formMessages.otpInvalid)).toBe(`يجب أن يتكوّن رمز التحقق من ${OTP_LENGTH} أرقام`);
  });

  test("a text that is not a contract message (the server's) is shown as it comes", () => {
    const ar = i18nFor("ar", "account");
    expect(localizeFormMessage(ar, "Invalid or expired verification code")).toBe(
      "Invalid or expired verification code",
    );
    expect(localizeFormMessage(ar, "رمز التحقق غير صالح")).toBe("رمز التحقق غير صالح");
    expect(localizeFormMessage(ar, undefined)).toBeUndefined();
  });
});
