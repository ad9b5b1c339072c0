import { formMessages } from "@khayl/contract/contact-rules";
import { invoiceMessages } from "@khayl/contract/invoice-messages";
import { contractEndpoints } from "@khayl/contract/testing";
import { accounts, outbox } from "@khayl/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openedOutbox } from "../modules/mail/testing.ts";
import { createTestApi, type TestApi } from "../testing.ts";

/** The API answers in the language the request asks for (product §7 `language` header; decision 016). */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let client = 0;
function call(method: "GET" | "POST", url: string, language: string, payload?: object) {
  return api.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { language },
    payload,
    remoteAddress: `10.40.0.${++client}`,
  });
}

test("validation messages come in Arabic for language: ar, and stay English otherwise", async () => {
  const arabic = await call("GET", "/auth/ask-delete-account?email=not-an-email", "ar");
  expect(arabic.statusCode).toBe(400);
  expect(arabic.json()).toMatchObject({ success: false, statusCode: 400, message: "يجب إدخال بريد إلكتروني صالح" });
  const english = await call("GET", "/auth/ask-delete-account?email=not-an-email", "en");
  expect(english.json().message).toBe("Must be a valid Email");
});

test("several field messages are joined with the Arabic comma, and listed per field in Arabic", async () => {
  const response = await call("POST", "/supportRequests/", "ar", { sourceIsApp: false, sourceIsWebsite: true });
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: string; errors: { field: string; message: string }[] };
  expect(body.message).toContain("يُرجى إدخال الاسم الكامل");
  expect(body.message).toContain("، ");
  expect(body.errors.find((e) => e.field === "email")?.message).toBe("يُرجى إدخال البريد الإلكتروني");
});

test("a text over its limit is refused in Arabic with the limit in Latin digits, as the page says it", async () => {
  const payload = {
    fullName: "Rider",
    email: "rider@example.com",
    phone: "+971501234567",
    subject: "Inquiry",
    division: "Local-Transport",
    supportInquiry: "x".repeat(20_001),
    sourceIsApp: false,
    sourceIsWebsite: true,
  };
  const arabic = await call("POST", "/supportRequests/", "ar", payload);
  expect(arabic.statusCode).toBe(400);
  expect(arabic.json().message).toBe("يجب ألا يتجاوز النص 20,000 حرف");
  const english = await call("POST", "/supportRequests/", "en", payload);
  expect(english.json().message).toBe("Must be at most 20,000 characters");
});

test("the alerts calls' validation messages come in Arabic too", async () => {
  const unsubscribe = await call("POST", "/alerts/subscriptions/unsubscribe", "ar", { token: "x", scope: 5 });
  expect(unsubscribe.statusCode).toBe(400);
  expect(unsubscribe.json().message).toBe("قيمة token ليست رمز رابط صالحًا، يجب أن تكون قيمة scope هي all أو this");
  const language = await call("POST", "/alerts/subscriptions/language", "ar", {
    token: `1.${"a".repeat(43)}`,
    language: "fr",
  });
  expect(language.json().message).toBe("يجب أن تكون قيمة language هي en أو ar");
  const subscribe = await call("POST", "/alerts/subscriptions", "ar", {
    email: "rider@example.com",
    watch: "flights",
    filter: "sometimes",
    language: "en",
  });
  expect(subscribe.json().message).toBe("قيمة filter لا تناسب watch");
  const english = await call("POST", "/alerts/subscriptions/unsubscribe", "en", { token: "x", scope: 5 });
  expect(english.json().message).toBe("token is not a valid link token, scope must be all or this");
});

test("a payment intent's id not given reads the same on both calls that take it, in Arabic too", async () => {
  const card = { type: "card", card: { number: "4242424242424242", expiry: "12 / 40", cvc: "123" } };
  const paymentMethod = { ...card, billingDetails: { country: "UAE" } };
  const calls = [
    ["/invoices-v2/confirm-payment-by-link", { hash: "A".repeat(43) }],
    ["/invoices-v2/sandbox-confirm-payment", { clientSecret: "pi_x_secret_y", paymentMethod }],
  ] as const;
  for (const [url, body] of calls) {
    for (const paymentIntentId of [undefined, null, "  "]) {
      for (const [language, message] of [
        ["en", "paymentIntentId is required"],
        ["ar", "الحقل paymentIntentId مطلوب"],
      ] as const) {
        const response = await call("POST", url, language, { ...body, paymentIntentId });
        expect([response.statusCode, response.json()], `${url} ${paymentIntentId} ${language}`).toEqual([
          400,
          { success: false, statusCode: 400, message, errors: [{ field: "paymentIntentId", message }] },
        ]);
      }
    }
    // Given, but not text: not valid, not missing.
    const wrong = await call("POST", url, "en", { ...body, paymentIntentId: 5 });
    expect(wrong.json().message).toBe("paymentIntentId is not valid");
  }
});

/** The words product §5 (and §6, the invoice link) gives a required field; any other reads '{name} is required'. */
const PRODUCT_WORDS: Readonly<Record<string, string>> = {
  fullName: formMessages.fullNameRequired,
  email: formMessages.emailRequired,
  phone: formMessages.phoneRequired,
  subject: formMessages.subjectRequired,
  division: formMessages.divisionRequired,
  supportInquiry: formMessages.supportInquiryRequired,
  otpCode: formMessages.otpRequired,
  hash: invoiceMessages.hashRequired,
};

test("a required field that was not given reads '{name} is required' on every call, unless product §5 words it", async () => {
  const checked: string[] = [];
  for (const endpoint of await contractEndpoints()) {
    if (!endpoint.body && !endpoint.query) continue;
    const url = endpoint.path.replace(/:[A-Za-z]+/g, "1");
    const response = await call(endpoint.method, url, "en", endpoint.body ? {} : undefined);
    // A call whose every field is optional answers (or is off: the Stripe webhook without Stripe).
    if (response.statusCode !== 400) continue;
    for (const { field, message } of response.json().errors as { field: string; message: string }[]) {
      expect(message, `${endpoint.method} ${endpoint.path}: ${field}`).toBe(
        PRODUCT_WORDS[field] ?? `${field} is required`,
      );
      checked.push(`${endpoint.operationId}.${field}`);
    }
  }
  expect(checked).toEqual(
    expect.arrayContaining([
      "confirmPaymentByLink.paymentIntentId",
      "sandboxConfirmPayment.paymentIntentId",
      "sandboxConfirmPayment.clientSecret",
      "sandboxConfirmPayment.paymentMethod",
      "subscribeAlerts.watch",
      "subscribeAlerts.language",
      "createSupportRequest.fullName",
    ]),
  );
});

test("not-found answers and success messages come in Arabic too", async () => {
  const missing = await call("GET", "/blog/999999", "ar");
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe("المقال غير موجود.");
  const list = await call("GET", "/blog/getWebsiteBlogs?limit=1&offset=0", "ar");
  expect(list.json()).toMatchObject({ success: true, message: "تم جلب المقالات بنجاح" });
  const unknown = await call("GET", "/no/such/route", "ar");
  expect(unknown.json().message).toBe("المسار GET:/api/v1/no/such/route غير موجود");
});

test("mails to visitors come in the language of their request; the support team's stays English", async () => {
  const db = api.database.db;
  await db.insert(accounts).values({ displayName: "Reem Al Falasi", email: "reem.falasi@example.com" });
  expect((await call("GET", "/auth/ask-delete-account?email=reem.falasi%40example.com", "ar")).statusCode).toBe(200);
  const [code] = await openedOutbox(db, api.sealer, eq(outbox.to, "reem.falasi@example.com"));
  expect(code?.subject).toBe("رمز حذف حسابك في خيل للخدمات اللوجستية");
  expect(code?.text).toMatch(/^رمز التحقق الخاص بك هو \d{4}\.$/m);
  expect(code?.text).toContain("(بتوقيت الإمارات)");

  const sent = await call("POST", "/supportRequests/", "ar", {
    fullName: "Reem Al Falasi",
    email: "reem.contact@example.com",
    phone: "+971 50 123 4567",
    subject: "Service-Request",
    division: "Air-Shipping",
    applicableReference: "",
    supportInquiry: "حجز حجرة إلى لييج",
    sourceIsApp: false,
    sourceIsWebsite: true,
  });
  expect(sent.statusCode).toBe(201);
  const mails = await db.select().from(outbox).where(eq(outbox.kind, "support-confirmation"));
  const confirmation = mails.find((m) => m.to === "reem.contact@example.com");
  expect(confirmation?.subject).toMatch(/^استلمنا طلبك SR-\d{4}-\d{6}$/);
  expect(confirmation?.text).toContain("الموضوع: طلب خدمة. القسم: الشحن الجوي.");
  const [notification] = await db.select().from(outbox).where(eq(outbox.kind, "support-notification"));
  expect(notification?.text).toMatch(/^New support request SR-/);
});

test("the configuration names the company in Arabic for language: ar", async () => {
  expect((await call("GET", "/configurations/", "ar")).json().data.companyName).toBe("خيل للخدمات اللوجستية");
  expect((await call("GET", "/configurations/", "en")).json().data.companyName).toBe("Khayl Logistics");
});
