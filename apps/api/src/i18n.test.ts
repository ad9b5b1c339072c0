import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { askDeleteAccount, deletionPaused, deletionPausedMessage, invalidCode } from "@khayl/contract/account-deletion";
import { blogNotFound } from "@khayl/contract/blogs";
import { cardMessageIds } from "@khayl/contract/card-rules";
import { formMessageIds, formMessages } from "@khayl/contract/contact-rules";
import { tooManyRequests, tooManyRequestsMessage } from "@khayl/contract/envelope";
import { invoiceMessageIds } from "@khayl/contract/invoices";
import { legalNotFound } from "@khayl/contract/legal";
import { contactBusy, contactBusyMessage } from "@khayl/contract/support-requests";
import { contractEndpoints } from "@khayl/contract/testing";
import { describe, expect, test } from "vitest";
import { routeNotFound } from "./http/messages.ts";
import { translate, translateText } from "./i18n.ts";

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** Every Arabic catalogue of the site (the website's areas, the API's, the contract's), as `file → lines` without comments. */
function arabicCatalogues(): Map<string, string[]> {
  const root = path.resolve(import.meta.dirname, "../../..");
  const dirs = ["apps/web/app/locales/ar", "apps/api/src/locales/ar", "packages/contract/src/locales/ar"];
  return new Map(
    dirs.flatMap((dir) =>
      readdirSync(path.join(root, dir))
        .filter((file) => file.endsWith(".po"))
        .map((file) => {
          const lines = readFileSync(path.join(root, dir, file), "utf8").split("\n");
          return [`${dir}/${file}`, lines.filter((l) => !l.startsWith("#"))] as const;
        }),
    ),
  );
}

describe("every message the API answers with has its Arabic (decisions 016, 027)", () => {
  test("the success message of every endpoint of the contract", async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(15);
    for (const endpoint of endpoints) {
      if (!endpoint.message) continue;
      expect(translate(endpoint.message, "en"), endpoint.path).toBe(endpoint.message.message);
      expect(translate(endpoint.message, "ar"), `${endpoint.method} ${endpoint.path}`).toMatch(ARABIC_LETTER);
    }
  });

  test("product §5 form messages, card messages, invoice messages and the named ones", () => {
    const named = [askDeleteAccount, invalidCode, blogNotFound, legalNotFound];
    for (const message of [
      ...Object.values(formMessageIds),
      ...Object.values(cardMessageIds),
      ...Object.values(invoiceMessageIds),
      ...named,
    ]) {
      expect(translate(message, "en")).toBe(message.message);
      expect(translate(message, "ar"), message.id).toMatch(ARABIC_LETTER);
    }
    // What zod reports in English (a form, card or invoice message) is answered in Arabic too.
    for (const message of [
      ...Object.values(formMessageIds),
      ...Object.values(cardMessageIds),
      ...Object.values(invoiceMessageIds),
    ])
      expect(translateText(message.message, "ar"), message.id).toBe(translate(message, "ar"));
  });

  test("English stays English; an unknown message stays as it is", () => {
    expect(translateText(formMessages.emailInvalid, "en")).toBe("Must be a valid Email");
    expect(translateText("Something a library said", "ar")).toBe("Something a library said");
  });

  test("messages with a value: the waiting time with Arabic plural forms, and the route", async () => {
    await import("@khayl/contract/selective-services"); // builds `limit` (at most 1000)
    const wait = (n: number) => translate(tooManyRequests(n * 1000), "ar");
    expect(wait(1)).toBe("طلبات كثيرة، يُرجى المحاولة بعد ثانية واحدة");
    expect(wait(2)).toBe("طلبات كثيرة، يُرجى المحاولة بعد ثانيتين");
    expect(wait(5)).toBe("طلبات كثيرة، يُرجى المحاولة بعد 5 ثوانٍ");
    expect(wait(30)).toBe("طلبات كثيرة، يُرجى المحاولة بعد 30 ثانية");
    expect(wait(90)).toBe("طلبات كثيرة، يُرجى المحاولة بعد 90 ثانية");
    // Past 90 seconds (a site-wide pause of up to an hour) the wait is given in minutes.
    expect(wait(91)).toBe("طلبات كثيرة، يُرجى المحاولة بعد دقيقتين");
    expect(wait(900)).toBe("طلبات كثيرة، يُرجى المحاولة بعد 15 دقيقة");
    expect(wait(3545)).toBe("طلبات كثيرة، يُرجى المحاولة بعد 60 دقيقة");
    // Past 90 minutes (a deletion lock, a day or more), in hours.
    expect(wait(24 * 3600)).toBe("طلبات كثيرة، يُرجى المحاولة بعد 24 ساعة");
    expect(wait(90 * 60 + 1)).toBe("طلبات كثيرة، يُرجى المحاولة بعد ساعتين");
    expect(translate(routeNotFound("GET", "/api/v1/nope"), "ar")).toBe("المسار GET:/api/v1/nope غير موجود");
    expect(translateText("limit must be at most 1000", "ar")).toBe("يجب ألا تزيد قيمة limit على 1000");
  });

  test("the site-wide pauses, in minutes with Arabic plural forms", () => {
    expect(translate(contactBusy(60_000), "ar")).toBe("يتلقى نموذج التواصل طلبات كثيرة، يُرجى المحاولة بعد دقيقة واحدة");
    expect(translate(contactBusy(45 * 60_000), "ar")).toBe(
      "يتلقى نموذج التواصل طلبات كثيرة، يُرجى المحاولة بعد 45 دقيقة",
    );
    expect(deletionPausedMessage(90_000)).toBe(
      "Account deletion is paused after too many wrong verification codes, please try again in 2 minutes",
    );
    expect(translate(deletionPaused(5 * 60_000), "ar")).toBe(
      "حذف الحسابات متوقف مؤقتًا بعد إدخال رموز تحقق خاطئة كثيرة، يُرجى المحاولة بعد 5 دقائق",
    );
  });

  test("a 429's English wait: '1 second', seconds up to 90, minutes up to 90, then hours", () => {
    expect(translate(tooManyRequests(1000), "en")).toBe("Too many requests, please try again in 1 second");
    expect(translate(tooManyRequests(90_000), "en")).toBe("Too many requests, please try again in 90 seconds");
    expect(translate(tooManyRequests(90_001), "en")).toBe("Too many requests, please try again in 2 minutes");
    expect(translate(tooManyRequests(3_545_000), "en")).toBe("Too many requests, please try again in 60 minutes");
    expect(translate(tooManyRequests(5_400_000), "en")).toBe("Too many requests, please try again in 90 minutes");
    expect(translate(tooManyRequests(5_400_001), "en")).toBe("Too many requests, please try again in 2 hours");
  });

  test("the catalogue's English of a message with a value is the contract's English, letter for letter", () => {
    for (const ms of [
      1, 999, 1000, 1001, 59_000, 60_000, 60_001, 90_000, 90_001, 120_000, 3_600_000, 5_400_001, 86_400_000,
    ]) {
      expect(translate(tooManyRequests(ms), "en")).toBe(tooManyRequestsMessage(ms));
      expect(translate(contactBusy(ms), "en")).toBe(contactBusyMessage(ms));
      expect(translate(deletionPaused(ms), "en")).toBe(deletionPausedMessage(ms));
    }
  });

  test("the Arabic is written as words: no tatweel joins the preposition بـ to a word or to a value", () => {
    const catalogues = arabicCatalogues();
    expect(catalogues.size).toBeGreaterThan(10);
    // A value ({what}) is Arabic words too: "بـ{what}" reads "بـتغييرات" in the mail.
    const joined = /بـ(?=[\u0621-\u064A{])/;
    for (const [file, lines] of catalogues)
      expect(
        lines.filter((l) => joined.test(l)),
        file,
      ).toEqual([]);
  });

  test("one spelling of the greeting, مرحبًا (the tanween on the ب), never مرحباً", () => {
    const catalogues = arabicCatalogues();
    for (const [file, lines] of catalogues)
      expect(
        lines.filter((l) => l.includes("مرحباً")),
        file,
      ).toEqual([]);
    // The alert, confirmation and contact mails greet, and the contact and trip pages' messages.
    expect([...catalogues.values()].flat().filter((l) => l.includes("مرحبًا،")).length).toBeGreaterThan(2);
  });
});
