import { createApiClient } from "@khayl/contract/client";
import { expect, test } from "vitest";
import { testInvoice } from "../components/invoice/testing.ts";
import type { WebContext } from "./context.ts";
import { invoicePdfResponse, loadInvoice, paymentAction } from "./invoice.server.ts";

const hash = "abcdefghijklmnopqrstuv_-0123";

/** The relay with an API client whose calls are recorded and answered with `answer` (the API's edge). */
function relay(answer: unknown = null, status = 200) {
  const calls: { url: string; body: unknown }[] = [];
  const api = createApiClient({
    baseUrl: "http://api.test/api/v1",
    fetch: async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      return Response.json(answer, { status });
    },
  });
  const context = { api, log: { warn() {}, error() {} } } as unknown as WebContext;
  const post = async (body: unknown) => {
    const request = new Request(`http://localhost/invoice/${hash}/payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(body),
    });
    const response = await paymentAction(request, context, hash);
    return { status: response.status, body: await response.json() };
  };
  return { calls, post, context };
}

const card = { number: "4242424242424242", expiry: "12 / 34", cvc: "123" };

test("a card that breaks the contract's rules is refused with the API's own words, before any call", async () => {
  const { calls, post } = relay();
  const answer = await post({
    intent: "sandbox-confirm",
    paymentIntentId: "pi_1",
    clientSecret: "pi_1_secret",
    paymentMethod: { type: "card", card, billingDetails: { country: "" } },
  });
  expect(answer).toEqual({ status: 400, body: { ok: false, status: 400, message: "Please select a country" } });
  const luhn = await post({
    intent: "sandbox-confirm",
    paymentIntentId: "pi_1",
    clientSecret: "pi_1_secret",
    paymentMethod: { type: "card", card: { ...card, number: "4242424242424241" }, billingDetails: { country: "UAE" } },
  });
  expect(luhn.body.message).toBe("Your card number is invalid.");
  expect(calls).toEqual([]);
});

test("a body that is no payment step is 'Invalid payment request'", async () => {
  const { calls, post } = relay();
  for (const body of [null, [], { intent: "refund" }, { paymentIntentId: "pi_1" }]) {
    expect((await post(body)).body).toEqual({ ok: false, status: 400, message: "Invalid payment request" });
  }
  expect(calls).toEqual([]);
});

test("each step goes to its API call with the link's hash; the answer comes back under its own key", async () => {
  const invoiceData = { success: true, statusCode: 200, message: "Payment succeeded" };
  const confirmation = {
    id: "pi_1",
    status: "succeeded",
    paymentMethod: { id: "pm_1", brand: "visa", last4: "4242", wallet: null },
  };
  const { calls, post } = relay({ ...invoiceData, data: confirmation });
  const answer = await post({
    intent: "sandbox-confirm",
    paymentIntentId: "pi_1",
    clientSecret: "pi_1_secret",
    paymentMethod: { type: "card", card, billingDetails: { country: "UAE", name: "Layla Haddad" } },
  });
  expect(answer).toEqual({ status: 200, body: { ok: true, confirmation } });
  expect(calls).toEqual([
    {
      url: "http://api.test/api/v1/invoices-v2/sandbox-confirm-payment",
      body: {
        paymentIntentId: "pi_1",
        clientSecret: "pi_1_secret",
        paymentMethod: { type: "card", card, billingDetails: { country: "UAE", name: "Layla Haddad" } },
      },
    },
  ]);

  const created = relay({ success: false, statusCode: 409, message: "This invoice has already been paid" }, 409);
  expect((await created.post({ intent: "create", paymentMethod: "apple-pay" })).body).toEqual({
    ok: false,
    status: 409,
    message: "This invoice has already been paid",
  });
  expect(created.calls).toEqual([
    { url: "http://api.test/api/v1/invoices-v2/create-payment-by-link", body: { hash, paymentMethod: "apple-pay" } },
  ]);
});

test("the sandbox refusing an intent no longer open (400) answers 409, as an invoice paid meanwhile", async () => {
  const step = {
    intent: "sandbox-confirm",
    paymentIntentId: "pi_1",
    clientSecret: "pi_1_secret",
    paymentMethod: { type: "card", card, billingDetails: { country: "UAE" } },
  };
  const message = "This payment has already succeeded";
  const closed = relay({ success: false, statusCode: 400, message }, 400);
  expect(await closed.post(step)).toEqual({ status: 409, body: { ok: false, status: 409, message } });
  // A declined card stays the provider's 402, and another step's 400 stays a 400.
  const declined = relay({ success: false, statusCode: 402, message: "Your card was declined." }, 402);
  expect((await declined.post(step)).status).toBe(402);
  const created = relay({ success: false, statusCode: 400, message: "Bad request" }, 400);
  expect((await created.post({ intent: "create", paymentMethod: "card" })).status).toBe(400);
});

test("the page's loader writes the invoice's dates in the page's language, so the browser need not", async () => {
  // 22:30 UTC on 4 January is already 5 January in Dubai.
  const unpaid = testInvoice({ refNumber: "INV-2026-000102", dueDate: "2026-01-04T22:30:00.000Z" });
  const loaded = async (invoice: typeof unpaid, language: "en" | "ar") =>
    (
      await loadInvoice(
        relay({ success: true, statusCode: 200, message: "Invoice", data: invoice }).context,
        hash,
        {},
        language,
      )
    ).data;
  expect(await loaded(unpaid, "en")).toMatchObject({
    invoice: { refNumber: "INV-2026-000102" },
    dueDateText: "05 Jan 2026",
    paidAtText: "",
  });
  expect(await loaded(unpaid, "ar")).toMatchObject({ dueDateText: "05 يناير 2026", paidAtText: "" });
  const paid = { ...unpaid, status: "paid" as const, paidAt: "2026-02-09T20:15:00.000Z" };
  expect(await loaded(paid, "en")).toMatchObject({ paidAtText: "10 Feb 2026" });
  expect(await loaded(paid, "ar")).toMatchObject({ paidAtText: "10 فبراير 2026" });
});

test("the PDF's name is written by the site, whatever the API's header says", async () => {
  const pdfFrom = async (disposition: string | null) => {
    const api = createApiClient({
      baseUrl: "http://api.test/api/v1",
      fetch: async () =>
        new Response("%PDF-1.7", {
          headers: {
            "content-type": "application/pdf",
            ...(disposition ? { "content-disposition": disposition } : {}),
          },
        }),
    });
    const context = { api, log: { warn() {}, error() {} } } as unknown as WebContext;
    const request = new Request(`http://site.test/invoice/${hash}/pdf`);
    return (await invoicePdfResponse(context, request, hash)).headers.get("content-disposition");
  };
  expect(await pdfFrom('inline; filename="INV-2026-000101.pdf"')).toBe('inline; filename="INV-2026-000101.pdf"');
  // A provider behind API_URL that asks for a download named like a program, or for nothing.
  expect(await pdfFrom("attachment; filename=\"../../setup.exe\"; filename*=UTF-8''x.exe")).toBe(
    'inline; filename="setupexe.pdf"',
  );
  expect(await pdfFrom(null)).toBe('inline; filename="invoice.pdf"');
});

test("a PDF that cannot come answers the error envelope: the API's 4xx message, else 'Failed to download PDF'", async () => {
  const failure = async (answer: () => Response, path = `/invoice/${hash}/pdf`) => {
    const api = createApiClient({ baseUrl: "http://api.test/api/v1", fetch: async () => answer() });
    const context = { api, log: { warn() {}, error() {} } } as unknown as WebContext;
    const response = await invoicePdfResponse(context, new Request(`http://site.test${path}`), hash);
    return [response.status, await response.json()];
  };
  const refused = { success: false, statusCode: 404, message: "Invoice not found" };
  expect(await failure(() => Response.json(refused, { status: 404 }))).toEqual([404, refused]);
  const down = () =>
    Response.json({ success: false, statusCode: 503, message: "Database unreachable" }, { status: 503 });
  expect(await failure(down)).toEqual([503, { success: false, statusCode: 503, message: "Failed to download PDF" }]);
  expect(await failure(down, `/ar/invoice/${hash}/pdf`)).toEqual([
    503,
    { success: false, statusCode: 503, message: "تعذّر تنزيل ملف PDF" },
  ]);
});

test("a 2xx that is no PDF (a provider's HTML or JSON) answers like a failed PDF, never labelled a PDF", async () => {
  const pdfFrom = async (body: BodyInit, contentType: string) => {
    const api = createApiClient({
      baseUrl: "http://api.test/api/v1",
      fetch: async () => new Response(body, { headers: { "content-type": contentType } }),
    });
    const context = { api, log: { warn() {}, error() {} } } as unknown as WebContext;
    const response = await invoicePdfResponse(context, new Request(`http://site.test/invoice/${hash}/pdf`), hash);
    return [response.status, response.headers.get("content-type"), await response.text()];
  };
  const failed = JSON.stringify({ success: false, statusCode: 502, message: "Failed to download PDF" });
  expect(await pdfFrom("<html><body>Login portal</body></html>", "text/html")).toEqual([
    502,
    "application/json",
    failed,
  ]);
  expect(await pdfFrom('{"success":true}', "application/json")).toEqual([502, "application/json", failed]);
  // Labelled a PDF but not one, or empty.
  expect(await pdfFrom("<html>", "application/pdf")).toEqual([502, "application/json", failed]);
  expect(await pdfFrom("", "application/pdf")).toEqual([502, "application/json", failed]);
  // A PDF whose header comes in pieces passes whole.
  const pieces = ["%P", "DF-1.7\n", "body\n%%EOF"];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });
  expect(await pdfFrom(stream, "application/pdf; charset=binary")).toEqual([200, "application/pdf", pieces.join("")]);
});
