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

test("a payment confirmation without its intent is refused in Arabic too", async () => {
  const body = { hash: "A".repeat(43) };
  const arabic = await call("POST", "/invoices-v2/confirm-payment-by-link", "ar", body);
  expect(arabic.statusCode).toBe(400);
  expect(arabic.json().message).toBe("معرّف عملية الدفع (paymentIntentId) مطلوب");
  const english = await call("POST", "/invoices-v2/confirm-payment-by-link", "en", body);
  expect(english.json().message).toBe("paymentIntentId is required");
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
