import { cardMessages } from "@khayl/contract/card-rules";
import { messages as arForms } from "@khayl/contract/locales/ar/forms";
import { messages as enForms } from "@khayl/contract/locales/en/forms";
import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import { messages as arabicMessages } from "../locales/ar/invoice.po";
import { messages } from "../locales/en/invoice.po";
import {
  cardMessageText,
  failureFromResponse,
  isCardError,
  type PaymentFailure,
  paymentCall,
  paymentErrorMessage,
  shownPaymentError,
} from "./invoice-payment.ts";

/** The page's Lingui instance in English (the compiled English catalogue of the invoice area). */
// The invoice page loads its area and the contract's shared form and card messages (`forms`).
const t = setupI18n({ locale: "en", messages: { en: { ...enForms, ...messages } } });
/** The same in Arabic. */
const ar = setupI18n({ locale: "ar", messages: { ar: { ...arForms, ...arabicMessages } } });

const failures: PaymentFailure[] = [
  "provider-not-loaded",
  "card-element-missing",
  "card-failed",
  "apple-pay-failed",
  "apple-pay-unavailable",
  "create-method-failed",
  "invalid-method",
  "not-successful",
  "amount-changed",
  "unexpected",
];

describe("product §8 payment messages", () => {
  test("every failure has its catalogue text, letter for letter", () => {
    const expected: Record<PaymentFailure, string> = {
      "provider-not-loaded": "The card payment provider has not loaded yet. Please try again.",
      "card-element-missing": "Card element not found",
      "card-failed": "Payment failed. Please try again.",
      "apple-pay-failed": "Apple Pay payment failed. Please try again.",
      "apple-pay-unavailable": "Apple Pay is not available on this device. Please use a different payment method.",
      "create-method-failed": "Failed to create payment method",
      "invalid-method": "Invalid payment method created",
      "not-successful": "Payment was not successful",
      // Ours (product §8): the invoice changed while its page was open.
      "amount-changed": "The amount of this invoice has changed. Please check the new amount and pay again.",
      unexpected: "An unexpected error occurred during payment processing",
    };
    for (const [failure, text] of Object.entries(expected))
      expect(paymentErrorMessage(failure as PaymentFailure, t)).toBe(text);
  });

  test("a declined card (402 from the provider) is a card failure, with the provider's reason kept", () => {
    expect(failureFromResponse("confirm-card", 402, "Your card was declined.", "card")).toEqual({
      failure: "card-failed",
      detail: "Your card was declined.",
    });
    expect(failureFromResponse("confirm-card", 402, "Your card has insufficient funds.", "apple-pay")).toEqual({
      failure: "apple-pay-failed",
      detail: "Your card has insufficient funds.",
    });
    expect(shownPaymentError({ failure: "card-failed", detail: "Your card was declined." }, t)).toEqual({
      message: "Payment failed. Please try again.",
      detail: "Your card was declined.",
    });
  });

  test("card details the provider refuses (400) fail to create the payment method", () => {
    expect(failureFromResponse("confirm-card", 400, "Your card number is invalid.", "card").failure).toBe(
      "create-method-failed",
    );
  });

  test("the server not finding the payment succeeded (402) is 'Payment was not successful'", () => {
    expect(failureFromResponse("settle", 402, "Payment was not successful", "card")).toEqual({
      failure: "not-successful",
      detail: null,
    });
    expect(shownPaymentError({ failure: "not-successful", detail: "Payment was not successful" }, t).detail).toBeNull();
  });

  test("network and server errors are unexpected and hide the server's words; refusals keep them", () => {
    for (const step of ["create", "confirm-card", "settle"] as const) {
      expect(failureFromResponse(step, 0, "", "card")).toEqual({ failure: "unexpected", detail: null });
      expect(failureFromResponse(step, 500, "Internal server error", "card")).toEqual({
        failure: "unexpected",
        detail: null,
      });
    }
    expect(failureFromResponse("create", 409, "This invoice has already been paid", "card")).toEqual({
      failure: "unexpected",
      detail: "This invoice has already been paid",
    });
    expect(
      failureFromResponse("create", 429, "Too many requests, please try again in 30 seconds", "card").detail,
    ).toMatch(/^Too many requests/);
  });

  test("only failures of the payment itself reset after 3000 ms", () => {
    expect(isCardError("card-failed")).toBe(true);
    expect(isCardError("apple-pay-failed")).toBe(true);
    expect(isCardError("apple-pay-unavailable")).toBe(false);
    expect(isCardError("provider-not-loaded")).toBe(false);
    expect(isCardError("unexpected")).toBe(false);
  });
});

describe("in Arabic (decision 016)", () => {
  test("every failure has its own Arabic text, chosen when it is shown", () => {
    const texts = failures.map((failure) => paymentErrorMessage(failure, ar));
    expect(new Set(texts).size).toBe(failures.length);
    for (const [i, text] of texts.entries()) {
      expect(text).toMatch(/[\u0600-\u06FF]/);
      expect(text).not.toBe(paymentErrorMessage(failures[i] as PaymentFailure, t));
    }
    expect(paymentErrorMessage("card-failed", ar)).toBe("تعذّر إتمام الدفع. يُرجى المحاولة مرة أخرى.");
  });

  test("the contract's card messages are translated; a server's own words are kept as they are", () => {
    for (const message of Object.values(cardMessages)) {
      expect(cardMessageText(message, t)).toBe(message);
      expect(cardMessageText(message, ar)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(cardMessageText(cardMessages.countryRequired, ar)).toBe("يُرجى اختيار الدولة");
    expect(cardMessageText("تم رفض بطاقتك.", ar)).toBe("تم رفض بطاقتك.");
    expect(shownPaymentError({ failure: "create-method-failed", detail: cardMessages.numberInvalid }, ar)).toEqual({
      message: "تعذّر إنشاء وسيلة الدفع",
      detail: "رقم البطاقة غير صالح.",
    });
    // The API answering in Arabic with product §8's own words adds nothing: no detail line.
    expect(shownPaymentError({ failure: "not-successful", detail: "لم تنجح عملية الدفع" }, ar).detail).toBeNull();
  });

  test("the Arabic page posts to its own payment route, so the API answers in Arabic", async () => {
    const urls: string[] = [];
    const fetchImpl = (async (url: string) => {
      urls.push(url);
      return Response.json({ ok: false, status: 402, message: "تم رفض بطاقتك." }, { status: 402 });
    }) as typeof fetch;
    await paymentCall("abc", { intent: "confirm", paymentIntentId: "pi_1" }, fetchImpl, "ar");
    expect(urls).toEqual(["/ar/invoice/abc/payment"]);
  });
});

describe("paymentCall", () => {
  test("posts JSON to the page's payment route and answers its body", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ ok: false, status: 402, message: "Your card was declined." }, { status: 402 });
    }) as typeof fetch;
    const result = await paymentCall("abc_DEF-123", { intent: "confirm", paymentIntentId: "pi_1" }, fetchImpl);
    expect(result).toEqual({ ok: false, status: 402, message: "Your card was declined." });
    expect(calls[0]?.url).toBe("/invoice/abc_DEF-123/payment");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ intent: "confirm", paymentIntentId: "pi_1" });
  });

  test("a network failure or a body that is not ours answers a failure instead of throwing", async () => {
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await paymentCall("h", { intent: "create", paymentMethod: "card" }, offline)).toEqual({
      ok: false,
      status: 0,
      message: "",
    });
    const html = (async () => new Response("<html>", { status: 502 })) as typeof fetch;
    expect(await paymentCall("h", { intent: "create", paymentMethod: "card" }, html)).toEqual({
      ok: false,
      status: 502,
      message: "",
    });
  });
});
