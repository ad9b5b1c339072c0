import { createApiClient } from "@khayl/contract/client";
import { expect, test } from "vitest";
import { deletionAction } from "./account-deletion.server.ts";
import { submitContact } from "./contact.server.ts";
import type { WebContext } from "./context.ts";

/**
 * The forms' actions when the API behind `API_URL` gives no answer of its own: the visitor
 * reads the page's failure message in the page's language, never the contract client's
 * generic English ('Network Error', 'Request failed with status code 502') nor a 5xx's own
 * message, and what was typed comes back with it. The API's refusals (a 4xx envelope's
 * message) still pass through.
 */
function contextAnswering(answer: typeof fetch, timeoutMs?: number): WebContext {
  const api = createApiClient({
    baseUrl: "http://api.test/api/v1",
    fetch: answer,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { api, log: { warn() {}, error() {} } } as unknown as WebContext;
}
const down = contextAnswering(() => Promise.reject(new TypeError("fetch failed")));
const proxyPage = contextAnswering(async () => new Response("<h1>Bad Gateway</h1>", { status: 502 }));
// The provider's account of its own failure, in its envelope: nothing for a visitor to read.
const exploding = contextAnswering(async () =>
  Response.json(
    { success: false, statusCode: 500, message: "Upstream exploded: stack at Foo.bar (/srv/app.js:12)" },
    { status: 500 },
  ),
);
const refusing = contextAnswering(async () =>
  Response.json({ success: false, statusCode: 429, message: "Too many requests" }, { status: 429 }),
);

const contact = (prefix: string) =>
  new Request(`http://localhost${prefix}/contact-us`, {
    method: "POST",
    body: new URLSearchParams({
      fullName: "Hessa Al Mansoori",
      email: "hessa@example.com",
      phone: "+971501234567",
      subject: "Inquiry",
      division: "Technology",
      supportInquiry: "When is the next flight to Liège?",
    }),
  });
const deletion = (prefix: string) =>
  new Request(`http://localhost${prefix}/delete-account`, {
    method: "POST",
    body: new URLSearchParams({ intent: "ask", email: "omar@example.com" }),
  });

test("the contact form says its own failure message in the page's language when the API gives no answer or fails (5xx)", async () => {
  for (const [prefix, message] of [
    ["", "Your message could not be sent. Please try again."],
    ["/ar", "تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى."],
  ] as const) {
    for (const context of [down, proxyPage, exploding]) {
      const answer = await submitContact(contact(prefix), context);
      expect(answer.data).toMatchObject({ ok: false, message, values: { fullName: "Hessa Al Mansoori" } });
    }
  }
  expect((await submitContact(contact("/ar"), refusing)).data).toMatchObject({ message: "Too many requests" });
});

// Round twenty: product §3's applicableReference is optional free text; a provider behind
// API_URL got `null` for an empty field, where the form holds "".
test("the contact form sends the reference as typed, empty text when left empty", async () => {
  const sent: unknown[] = [];
  const recording = contextAnswering(async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return Response.json(
      { success: true, statusCode: 201, message: "ok", data: { reference: "SR-1" } },
      { status: 201 },
    );
  });
  const withReference = (applicableReference: string) => {
    const body = new URLSearchParams({
      fullName: "Hessa Al Mansoori",
      email: "hessa@example.com",
      phone: "+971501234567",
      subject: "Inquiry",
      division: "Technology",
      applicableReference,
      supportInquiry: "When is the next flight to Liège?",
    });
    return new Request("http://localhost/contact-us", { method: "POST", body });
  };
  for (const reference of ["", "AWB-176-12345675"]) {
    expect((await submitContact(withReference(reference), recording)).data).toMatchObject({ ok: true });
  }
  expect(sent.map((body) => (body as { applicableReference?: unknown }).applicableReference)).toEqual([
    "",
    "AWB-176-12345675",
  ]);
});

test("the deletion form says its own failure message in the page's language when the API gives no answer or fails (5xx)", async () => {
  for (const [prefix, message] of [
    ["", "Your request could not be completed. Please try again."],
    ["/ar", "تعذّر إتمام طلبك. يُرجى المحاولة مرة أخرى."],
  ] as const) {
    for (const context of [down, proxyPage, exploding]) {
      const answer = await deletionAction(deletion(prefix), context);
      expect("data" in answer && answer.data).toMatchObject({ step: "email", email: "omar@example.com", message });
    }
  }
  const refused = await deletionAction(deletion(""), refusing);
  expect("data" in refused && refused.data).toMatchObject({ message: "Too many requests" });
});

/** An API that got the request but answers too late: whether it did the work is unknown. */
const tooSlow = contextAnswering(
  (_, init) => new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
  50,
);
const gatewayTimeout = contextAnswering(async () => new Response("<h1>Gateway Time-out</h1>", { status: 504 }));

test("a contact request the API did not answer in time is not called failed: it may have been stored", async () => {
  for (const [prefix, message] of [
    [
      "",
      "We could not confirm that your message was sent. If you do not receive a confirmation e-mail within a few minutes, please try again.",
    ],
    [
      "/ar",
      "تعذّر علينا التأكد من إرسال رسالتك. إذا لم تصلك رسالة تأكيد بالبريد الإلكتروني خلال بضع دقائق، فيُرجى المحاولة مرة أخرى.",
    ],
  ] as const) {
    for (const context of [tooSlow, gatewayTimeout]) {
      const answer = await submitContact(contact(prefix), context);
      expect(answer.init?.status).toBe(504);
      expect(answer.data).toMatchObject({ ok: false, message, values: { fullName: "Hessa Al Mansoori" } });
    }
  }
});

test("a deletion step the API did not answer in time says to check before trying again", async () => {
  const confirm = (prefix: string) =>
    new Request(`http://localhost${prefix}/delete-account`, {
      method: "POST",
      body: new URLSearchParams({ intent: "confirm", email: "omar@example.com", otpCode: "1234" }),
    });
  const cases = [
    [
      deletion(""),
      "email",
      "We could not confirm that a verification code was sent. Check your e-mail in a few minutes before you try again: a new request sends a new code and the earlier one stops working.",
    ],
    [
      confirm(""),
      "code",
      "We could not confirm that your account was deleted. Before you try again, check your e-mail for a message saying it was deleted, or try signing in to the app.",
    ],
    [
      confirm("/ar"),
      "code",
      "تعذّر علينا التأكد من حذف حسابك. قبل أن تحاول مرة أخرى، ابحث في بريدك الإلكتروني عن رسالة تفيد بحذفه، أو حاول تسجيل الدخول إلى التطبيق.",
    ],
  ] as const;
  for (const [request, step, message] of cases) {
    for (const context of [tooSlow, gatewayTimeout]) {
      const answer = await deletionAction(request.clone(), context);
      expect("init" in answer && answer.init?.status).toBe(504);
      expect("data" in answer && answer.data).toMatchObject({ step, email: "omar@example.com", message });
    }
  }
});
