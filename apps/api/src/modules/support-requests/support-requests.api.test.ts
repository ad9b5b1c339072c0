import { outbox, supportRequests } from "@khayl/db/schema";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ SUPPORT_EMAIL: "support@khayl.test" });
});
afterAll(() => api.close());

const valid = {
  fullName: "Layla Haddad",
  email: "layla@example.com",
  phone: "+971 50 123 4567",
  subject: "Inquiry",
  division: "Air-Shipping",
  applicableReference: "INV-2026-0001",
  supportInquiry: "When is the next flight to Liège?",
  sourceIsApp: false,
  sourceIsWebsite: true,
};

let ip = 0;
function post(payload: unknown, remoteAddress = `10.0.0.${++ip}`) {
  return api.app.inject({ method: "POST", url: "/api/v1/supportRequests/", payload: payload as object, remoteAddress });
}

test("a valid request is stored with a reference and queues two e-mails in the same transaction", async () => {
  const response = await post(valid);
  expect(response.statusCode).toBe(201);
  const body = response.json();
  expect(body).toMatchObject({ success: true, statusCode: 201 });
  expect(body.data.reference).toMatch(/^SR-\d{4}-\d{6}$/);

  const [stored] = await api.database.db.select().from(supportRequests);
  // The phone as the form's phone field gives it with JavaScript (E.164), whatever was typed.
  expect(stored).toMatchObject({ ...valid, phone: "+971501234567", reference: body.data.reference });
  const mails = await api.database.db.select().from(outbox).orderBy(asc(outbox.id));
  expect(mails.map((m) => [m.kind, m.to])).toEqual([
    ["support-notification", "support@khayl.test"],
    ["support-confirmation", "layla@example.com"],
  ]);
  expect(mails[1]?.text).toContain(body.data.reference);
  expect(mails[0]?.text).toContain(valid.supportInquiry);
  // The confirmation goes to an address the visitor typed: it repeats nothing they wrote.
  expect(mails[1]?.text).not.toContain(valid.supportInquiry);
  expect(mails[1]?.text).not.toContain(valid.fullName);
  // A reply to either reaches a person: the team answers the sender, the sender writes to the team.
  expect(mails.map((m) => m.headers?.["Reply-To"])).toEqual(["layla@example.com", "support@khayl.test"]);
  expect(mails[0]?.text).toContain("\nLanguage: English\n");
});

test("a phone number pasted with no-break spaces and direction marks is stored as the number it shows", async () => {
  const email = "pasted.phone@example.com";
  const response = await post({ ...valid, email, phone: "\u200f+971\u00a050\u202f123\u00a04567" });
  expect(response.statusCode).toBe(201);
  const [stored] = await api.database.db.select().from(supportRequests).where(eq(supportRequests.email, email));
  expect(stored?.phone).toBe("+971501234567");
});

test("the team's notification says a request came from the Arabic site", async () => {
  const email = "arabic.sender@example.com";
  const response = await api.app.inject({
    method: "POST",
    url: "/api/v1/supportRequests/",
    payload: { ...valid, email },
    headers: { language: "ar" },
    remoteAddress: "10.3.0.1",
  });
  expect(response.statusCode).toBe(201);
  const mails = await api.database.db.select().from(outbox).where(eq(outbox.kind, "support-notification"));
  const notification = mails.find((m) => m.headers?.["Reply-To"] === email);
  expect(notification?.text).toContain("\nLanguage: Arabic\n");
});

test("the same request sent again (a reload, a retry, a second press) is stored and mailed once, with one reference", async () => {
  const email = "twice@example.com";
  const request = { ...valid, email, supportInquiry: "Can two horses share a stall on the flight to Liège?" };
  // Three copies at once (a double press), then again later from the same client (another
  // address of its IPv6 /64), the address in other capitals.
  const client = "2001:db8:7:1::10";
  const atOnce = await Promise.all([post(request, client), post(request, client), post(request, client)]);
  // Its phone number as the phone field writes it with JavaScript (E.164) is the same number.
  const again = await post({ ...request, email: "Twice@Example.com", phone: "+971501234567" }, "2001:db8:7:1::20");
  const references = [...atOnce, again].map((response) => {
    expect(response.statusCode).toBe(201);
    return response.json().data.reference;
  });
  expect(new Set(references).size).toBe(1);
  const stored = await api.database.db.select().from(supportRequests).where(eq(supportRequests.email, email));
  expect(stored).toHaveLength(1);
  const mails = await api.database.db.select().from(outbox);
  expect(mails.filter((m) => m.to === email)).toHaveLength(1);
  expect(
    mails.filter((m) => m.kind === "support-notification" && m.text.includes(request.supportInquiry)),
  ).toHaveLength(1);
  // Nor did the copies spend the address's 3 confirmations a day: two new requests get theirs.
  for (const changed of [{ supportInquiry: `${request.supportInquiry} And a groom?` }, { phone: "+971 50 765 4321" }]) {
    const response = await post({ ...request, ...changed });
    expect(response.statusCode).toBe(201);
    expect(references).not.toContain(response.json().data.reference);
    references.push(response.json().data.reference);
  }
  const confirmations = (await api.database.db.select().from(outbox)).filter(
    (m) => m.to === email && m.kind === "support-confirmation",
  );
  expect(confirmations).toHaveLength(3);
  // The same request from another client is a request of its own: whoever knows a person's
  // details and guesses their words learns nothing of theirs, not even that they wrote.
  const elsewhere = await post(request, "2001:db8:8::1");
  expect(elsewhere.statusCode).toBe(201);
  expect(references).not.toContain(elsewhere.json().data.reference);
  references.push(elsewhere.json().data.reference);
  // Anything changed is a request of its own.
  for (const changed of [{ applicableReference: undefined }, { subject: "Feedback" }]) {
    const response = await post({ ...request, ...changed });
    expect(response.statusCode).toBe(201);
    expect(references).not.toContain(response.json().data.reference);
    references.push(response.json().data.reference);
  }
});

test("an address gets at most 3 confirmations a day; further requests still reach support", async () => {
  const email = "flooded@example.com";
  const references: string[] = [];
  for (let i = 0; i < 5; i++)
    references.push((await post({ ...valid, email, supportInquiry: `Question ${i}` })).json().data.reference);
  const mails = await api.database.db.select().from(outbox);
  expect(mails.filter((m) => m.kind === "support-confirmation" && m.to === email)).toHaveLength(3);
  const notified = mails.filter((m) => m.kind === "support-notification" && m.text.includes(`E-mail: ${email}`));
  expect(notified).toHaveLength(5);
  expect(new Set(references).size).toBe(5);
});

test("an invalid request answers 400 with the product §5 message of every field and stores nothing", async () => {
  const before = (await api.database.db.select().from(supportRequests)).length;
  const response = await post({
    ...valid,
    fullName: " ",
    email: "nope",
    phone: "+97150",
    subject: "",
    division: "Sales",
    supportInquiry: "",
  });
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.success).toBe(false);
  expect(Object.fromEntries(body.errors.map((e: { field: string; message: string }) => [e.field, e.message]))).toEqual({
    fullName: "Please Enter Full Name",
    email: "Must be a valid Email",
    phone: "Invalid phone number. Please use the international format with a minimum of 9 digits.",
    subject: "Please select subject",
    division: "Please select the division",
    supportInquiry: "Please Enter your Inquiry",
  });
  expect((await api.database.db.select().from(supportRequests)).length).toBe(before);
});

test("an address holding a MIME encoded-word is refused: it would be the team's Reply-To and a recipient", async () => {
  const before = await api.database.db.select().from(outbox);
  for (const email of ["=?utf-8?q?x=40evil.example=3e=20?=@example.com", "a=?b@example.com"]) {
    const response = await post({ ...valid, email });
    expect(response.statusCode, email).toBe(400);
    expect(response.json().errors).toEqual([{ field: "email", message: "Must be a valid Email" }]);
  }
  expect(await api.database.db.select().from(outbox)).toHaveLength(before.length);
  // `=` and `?` on their own are allowed in an address's local part, and stay so.
  expect((await post({ ...valid, email: "a=b?c@example.com" })).statusCode).toBe(201);
});

test("missing fields, a non-JSON body and a too-large body are 4xx, never 5xx", async () => {
  const missing = await post({});
  expect(missing.statusCode).toBe(400);
  expect(missing.json().message).toContain("Please Enter Full Name");
  const garbage = await api.app.inject({
    method: "POST",
    url: "/api/v1/supportRequests/",
    payload: "{not json",
    headers: { "content-type": "application/json" },
    remoteAddress: "10.1.0.1",
  });
  expect(garbage.statusCode).toBe(400);
  // Fastify's own refusals of a body, in the catalogue's words and the request's language.
  const refusals = [
    ["application/json", "", 400, "Request body is not valid JSON", "محتوى الطلب ليس JSON صالحًا"],
    ["text/plain", JSON.stringify(valid), 415, "Unsupported content type", "نوع المحتوى غير مدعوم"],
    // JSON is UTF-8: a body that says it is in another charset is not misread.
    [
      "application/json; charset=utf-16",
      JSON.stringify(valid),
      415,
      "Unsupported content type",
      "نوع المحتوى غير مدعوم",
    ],
    [
      'application/json;charset="ISO-8859-1"',
      JSON.stringify(valid),
      415,
      "Unsupported content type",
      "نوع المحتوى غير مدعوم",
    ],
  ] as const;
  for (const [type, payload, status, english, arabic] of refusals) {
    for (const [language, message] of [
      ["en", english],
      ["ar", arabic],
    ] as const) {
      const refused = await api.app.inject({
        method: "POST",
        url: "/api/v1/supportRequests/",
        payload,
        headers: { "content-type": type, language },
        remoteAddress: "10.1.0.3",
      });
      expect(refused.json(), `${type} ${language}`).toEqual({ success: false, statusCode: status, message });
    }
  }
  // UTF-8 said in any spelling is read, and ASCII, a subset of it.
  for (const type of [
    "application/json; charset=UTF-8",
    "application/json;charset=utf8",
    "application/json; charset=us-ascii",
  ]) {
    const accepted = await api.app.inject({
      method: "POST",
      url: "/api/v1/supportRequests/",
      payload: JSON.stringify(valid),
      headers: { "content-type": type },
      remoteAddress: "10.1.0.4",
    });
    expect(accepted.statusCode, type).toBe(201);
  }
  // A request without a body is not refused for its label.
  const health = await api.app.inject({
    url: "/api/v1/health",
    headers: { "content-type": "application/json; charset=iso-8859-1" },
  });
  expect(health.statusCode).toBe(200);
  const huge = await post({ ...valid, supportInquiry: "x".repeat(70 * 1024) }, "10.1.0.2");
  expect(huge.statusCode).toBe(413);
  expect(huge.json()).toMatchObject({ success: false, statusCode: 413 });
});

test("a body with a __proto__ or constructor.prototype key is read without it, not called invalid JSON", async () => {
  for (const [at, poison] of [
    [3, '"__proto__": { "sourceIsApp": true, "polluted": true }'],
    [4, '"constructor": { "prototype": { "polluted": true } }'],
  ] as const) {
    const response = await api.app.inject({
      method: "POST",
      url: "/api/v1/supportRequests/",
      payload: `{ ${poison}, ${JSON.stringify({ ...valid, fullName: `Poison ${at}` }).slice(1)}`,
      headers: { "content-type": "application/json" },
      remoteAddress: `10.2.0.${at}`,
    });
    expect(response.statusCode, poison).toBe(201);
    const [stored] = await api.database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.reference, response.json().data.reference));
    expect(stored, poison).toMatchObject({ fullName: `Poison ${at}`, sourceIsApp: false });
    expect(({} as Record<string, unknown>).polluted, poison).toBeUndefined();
  }
});

test("a field of the wrong type is named in the request's language, never in zod's own English", async () => {
  for (const [language, message] of [
    ["en", "sourceIsApp is not valid"],
    ["ar", "قيمة sourceIsApp غير صالحة"],
  ] as const) {
    const response = await api.app.inject({
      method: "POST",
      url: "/api/v1/supportRequests/",
      payload: { ...valid, sourceIsApp: "yes" },
      headers: { language },
      remoteAddress: `10.2.1.${language === "en" ? 1 : 2}`,
    });
    expect([response.statusCode, response.json()], language).toEqual([
      400,
      { success: false, statusCode: 400, message, errors: [{ field: "sourceIsApp", message }] },
    ]);
  }
});

test("references stay unique under 50 concurrent submits", async () => {
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => post({ ...valid, fullName: `Sender ${i}` }, `10.2.${i}.1`)),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
  const references = responses.map((r) => r.json().data.reference as string);
  expect(new Set(references).size).toBe(50);
});

test("a filled honeypot is answered like a success but nothing is stored or sent", async () => {
  const before = await api.database.db.select().from(outbox);
  const response = await post({ ...valid, website: "http://spam.example" });
  expect(response.statusCode).toBe(201);
  expect(response.json().data.reference).toMatch(/^SR-\d{4}-\d{6}$/);
  expect(await api.database.db.select().from(outbox)).toHaveLength(before.length);
  // Its reference comes from the same sequence: the next real request gets the next number.
  const next = await post({ ...valid, email: "after.honeypot@example.com" });
  const number = (reference: string) => Number(reference.split("-")[2]);
  expect(number(next.json().data.reference)).toBe(number(response.json().data.reference) + 1);
});

test("one client is limited to 10 submissions per window (429 with the envelope)", async () => {
  const codes = [];
  for (let i = 0; i < 11; i++) codes.push((await post(valid, "10.9.9.9")).statusCode);
  expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
  const last = await post(valid, "10.9.9.9");
  expect(last.statusCode).toBe(429);
  expect(last.json()).toMatchObject({ success: false, statusCode: 429 });
  expect((await post(valid, "10.9.9.10")).statusCode).toBe(201);
});

test("the NUL character in any field is a 400 naming the field, in the request's language, and stores nothing", async () => {
  const before = (await api.database.db.select().from(supportRequests)).length;
  for (const field of ["fullName", "supportInquiry", "applicableReference"] as const) {
    const response = await post({ ...valid, [field]: `Layla\u0000Haddad` });
    // Listed in `errors` too, as every other refused field is (product §8).
    const message = `${field} must not contain the NUL character`;
    expect(response.json()).toEqual({ success: false, statusCode: 400, message, errors: [{ field, message }] });
  }
  const arabic = await api.app.inject({
    method: "POST",
    url: "/api/v1/supportRequests/",
    headers: { language: "ar" },
    payload: { ...valid, fullName: "\u0000" },
    remoteAddress: "10.0.9.1",
  });
  expect(arabic.statusCode).toBe(400);
  expect(arabic.json().message).toBe("يجب ألا تحتوي قيمة fullName على المحرف NUL");
  expect(await api.database.db.select().from(supportRequests)).toHaveLength(before);
});
