import { askDeleteAccountMessage, invalidCodeMessage } from "@khayl/contract/account-deletion";
import { blogNotFoundMessage } from "@khayl/contract/blogs";
import { cardMessages } from "@khayl/contract/card-rules";
import { formMessages } from "@khayl/contract/contact-rules";
import { invoiceMessages } from "@khayl/contract/invoices";
import { legalNotFoundMessage } from "@khayl/contract/legal";
import { contractEndpoints } from "@khayl/contract/testing";
import { describe, expect, test } from "vitest";
import { arabicMessages, localizeMessage } from "./messages-ar.ts";

const ARABIC_LETTER = /[\u0600-\u06FF]/;

describe("every message the API answers with has its Arabic (decision 016)", () => {
  test("the success message of every endpoint of the contract", async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(15);
    for (const endpoint of endpoints.filter((e) => e.message))
      expect(arabicMessages[endpoint.message], `${endpoint.method} ${endpoint.path}: ${endpoint.message}`).toMatch(
        ARABIC_LETTER,
      );
  });

  test("product §5 form messages, card messages, invoice messages and the named ones", () => {
    const named = [askDeleteAccountMessage, invalidCodeMessage, blogNotFoundMessage, legalNotFoundMessage];
    for (const message of [
      ...Object.values(formMessages),
      ...Object.values(cardMessages),
      ...Object.values(invoiceMessages),
      ...named,
    ])
      expect(arabicMessages[message], message).toMatch(ARABIC_LETTER);
  });

  test("English stays English; an unknown message stays as it is", () => {
    expect(localizeMessage(formMessages.emailInvalid, "en")).toBe("Must be a valid Email");
    expect(localizeMessage("Something a library said", "ar")).toBe("Something a library said");
  });

  test("messages with a value: the waiting time with Arabic plural forms, and the route", () => {
    const wait = (n: number) => localizeMessage(`Too many requests, please try again in ${n} seconds`, "ar");
    expect(wait(1)).toBe("طلبات كثيرة، يرجى المحاولة بعد ثانية واحدة");
    expect(wait(2)).toBe("طلبات كثيرة، يرجى المحاولة بعد ثانيتين");
    expect(wait(5)).toBe("طلبات كثيرة، يرجى المحاولة بعد 5 ثوانٍ");
    expect(wait(30)).toBe("طلبات كثيرة، يرجى المحاولة بعد 30 ثانية");
    expect(wait(900)).toBe("طلبات كثيرة، يرجى المحاولة بعد 900 ثانية");
    expect(localizeMessage("Route GET:/api/v1/nope not found", "ar")).toBe("المسار GET:/api/v1/nope غير موجود");
    expect(localizeMessage("limit must be at most 1000", "ar")).toBe("يجب ألا تزيد قيمة limit على 1000");
  });
});
