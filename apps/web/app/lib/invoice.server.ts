import { errorEnvelope } from "@khayl/contract/envelope";
import { formatInvoiceDate } from "@khayl/contract/format";
import {
  type InvoiceData,
  invoiceEndpoints,
  invoiceHashSchema,
  invoicePdfDisposition,
  paymentStepBodySchema,
} from "@khayl/contract/invoices";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { isApiError } from "./api-error.ts";
import type { WebContext } from "./context.ts";
import { readBodyBytes } from "./form.server.ts";
import { messagesFor } from "./i18n/catalogue.server.ts";
import { type Language, languageOfRequest } from "./i18n/language.ts";
import { cardMessageText, type PaymentCallResult } from "./invoice-payment.ts";

/**
 * What the invoice page's loader answers: the invoice with its due date and paid date as the
 * steps show them ('05 Jan 2025', product §9, in the page's language; '' for no date: written
 * here so the browser builds no date format while it hydrates, decision 024 tenth round), or
 * the message of the error view (the API's, in the page's language), and the page's messages
 * (decision 016).
 */
export type InvoiceLoaderData = (
  | { invoice: InvoiceData; dueDateText: string; paidAtText: string; error: null }
  | { invoice: null; dueDateText?: undefined; paidAtText?: undefined; error: string | null }
) & {
  messages: Messages;
};

function statusOf(error: { statusCode: number }): number {
  return error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 502;
}

/**
 * Loads the invoice of `/invoice/{hash}` with `POST /invoices-v2/get-invoice-by-link`
 * (product §7), answered with the page's `messages` and its dates written in `language`.
 * A failure answers the server's message (or null: the page then shows 'Failed to fetch
 * invoice') with the API's status, so a bad link is a real 404/400.
 */
export async function loadInvoice(context: WebContext, hash: string, messages: Messages, language: Language) {
  try {
    const invoice = await context.api.call(invoiceEndpoints.getByLink, { body: { hash } });
    return data<InvoiceLoaderData>(
      {
        invoice,
        dueDateText: formatInvoiceDate(invoice.dueDate, language),
        paidAtText: formatInvoiceDate(invoice.paidAt, language),
        error: null,
        messages,
      },
      { headers: { "cache-control": "private, no-store" } },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    context.log.warn({ status: error.statusCode }, "invoice lookup failed");
    const message = error.statusCode > 0 && error.statusCode < 500 ? error.message : null;
    return data<InvoiceLoaderData>(
      { invoice: null, error: message, messages },
      { status: statusOf(error), headers: { "cache-control": "no-store" } },
    );
  }
}

/**
 * `GET /invoice/{hash}/pdf`: the invoice PDF through the web app
 * (`POST /invoices-v2/print-pdf-by-link`), so the browser opens it from this origin in a
 * new tab. A failure answers the error envelope `{ success: false, statusCode, message }`
 * with the API's status (502 for no answer): the API's message for a 4xx, else 'Failed to
 * download PDF' (the Download button's own words) in the language of the request's path.
 * A 2xx that is no PDF (not `application/pdf`, or not starting with `%PDF-`: a provider's
 * login page or JSON behind `API_URL`) is such a failure too, 502: the site never labels
 * other bytes a PDF.
 */
export async function invoicePdfResponse(context: WebContext, request: Request, hash: string): Promise<Response> {
  const failure = async (status: number, message: string | null) =>
    Response.json(errorEnvelope(status, message ?? (await i18nFor(request))._(refusals.pdfFailed)), {
      status,
      headers: { "cache-control": "no-store" },
    });
  try {
    const upstream = await context.api.callBinary(invoiceEndpoints.printPdf, { body: { hash } });
    const body = await pdfBodyOf(upstream);
    if (!body) {
      context.log.warn({ contentType: upstream.headers.get("content-type") }, "invoice PDF answer is no PDF");
      return failure(502, null);
    }
    const headers = new Headers({
      "content-type": "application/pdf",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    // The file's name from the API's answer, rewritten as the API writes it: a provider behind
    // API_URL chooses neither the disposition nor the characters of the name.
    const upstreamName = /filename="?([^";]*)/i.exec(upstream.headers.get("content-disposition") ?? "")?.[1] ?? "";
    headers.set("content-disposition", invoicePdfDisposition(upstreamName.replace(/\.pdf$/i, "")));
    return new Response(body, { status: 200, headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    context.log.warn({ status: error.statusCode }, "invoice PDF failed");
    const status = statusOf(error);
    return failure(status, status < 500 ? error.message : null);
  }
}

/** The first bytes of every PDF file (ISO 32000-2 §7.5.2, the file header). */
const PDF_MAGIC = new TextEncoder().encode("%PDF-");

/**
 * The body of an answer that is a PDF, still streaming, or null (its body cancelled) when
 * it is none: its `content-type` is not `application/pdf` or its first bytes are not
 * `%PDF-`. Reads only the chunks the first five bytes take and gives them back at the head
 * of the stream it answers.
 */
async function pdfBodyOf(response: Response): Promise<ReadableStream<Uint8Array> | null> {
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/pdf" || !response.body) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body.getReader();
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < PDF_MAGIC.length) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    length += value.length;
  }
  const start = new Uint8Array(length);
  let at = 0;
  for (const chunk of head) {
    start.set(chunk, at);
    at += chunk.length;
  }
  if (!PDF_MAGIC.every((byte, i) => start[i] === byte)) {
    await reader.cancel();
    return null;
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(start);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function answer(result: PaymentCallResult, status = 200): Response {
  return Response.json(result, { status, headers: { "cache-control": "no-store" } });
}

/** The payment route's own refusals (the API's come in the page's language from the API). */
const refusals = {
  methodNotAllowed: msg`Method not allowed`,
  crossSite: msg`Cross-site requests are not allowed`,
  contentType: msg`Unsupported content type`,
  tooLarge: msg`Request body is too large`,
  badLink: msg`Invalid invoice link`,
  badRequest: msg`Invalid payment request`,
  pdfFailed: msg`Failed to download PDF`,
};

/** A Lingui instance for the payment route's answers, in the language of the request's path. */
async function i18nFor(request: Request): Promise<I18n> {
  const language = languageOfRequest(request);
  return setupI18n({ locale: language, messages: { [language]: await messagesFor(request, "invoice", "forms") } });
}

/**
 * The 405 of the payment route for anything but POST (its loader answers GET with it),
 * with `allow: POST`, in the language of the request's path.
 */
export async function methodNotAllowed(request: Request): Promise<Response> {
  const i18n = await i18nFor(request);
  const response = answer({ ok: false, status: 405, message: i18n._(refusals.methodNotAllowed) }, 405);
  response.headers.set("allow", "POST");
  return response;
}

/**
 * `POST /invoice/{hash}/payment` (JSON, same origin only): relays one payment step of the
 * invoice page to the API with the contract client, so the browser never talks to the
 * API directly and per-client limits see the visitor. `create` → create-payment-by-link,
 * `sandbox-confirm` → the sandbox provider's confirmation (card details pass through and
 * are never logged), `confirm` → confirm-payment-by-link (the server decides "paid").
 * Answers `{ ok: true, … }` or `{ ok: false, status, message }` with the API's status (409
 * for the sandbox's 400 to an intent no longer open, as Stripe.js reports it apart); under
 * `/ar` the route's own messages are Arabic, and the API's too (it is asked in Arabic).
 */
export async function paymentAction(request: Request, context: WebContext, hash: string): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(request);
  const i18n = await i18nFor(request);
  const refuse = (status: number, message: string) => answer({ ok: false, status, message }, status);
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if ((site && site !== "same-origin") || (origin && origin !== new URL(request.url).origin)) {
    return refuse(403, i18n._(refusals.crossSite));
  }
  if (!request.headers.get("content-type")?.startsWith("application/json")) {
    return refuse(415, i18n._(refusals.contentType));
  }
  const bytes = await readBodyBytes(request, 16 * 1024);
  if (bytes === "too-large") return refuse(413, i18n._(refusals.tooLarge));
  if (!invoiceHashSchema.safeParse(hash).success) return refuse(400, i18n._(refusals.badLink));
  const parsed = paymentStepBodySchema.safeParse(parseJson(bytes));
  if (!parsed.success) return refuse(400, invalidStepMessage(parsed.error.issues, i18n));
  const body = parsed.data;
  try {
    if (body.intent === "create") {
      const payment = await context.api.call(invoiceEndpoints.createPayment, {
        body: { hash, paymentMethod: body.paymentMethod },
      });
      return answer({ ok: true, payment });
    }
    if (body.intent === "sandbox-confirm") {
      const confirmation = await context.api.call(invoiceEndpoints.sandboxConfirm, {
        body: {
          paymentIntentId: body.paymentIntentId,
          clientSecret: body.clientSecret,
          paymentMethod: body.paymentMethod,
        },
      });
      return answer({ ok: true, confirmation });
    }
    const invoice: InvoiceData = await context.api.call(invoiceEndpoints.confirmPayment, {
      body: { hash, paymentIntentId: body.paymentIntentId },
    });
    return answer({ ok: true, invoice });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.statusCode === 0 || error.statusCode >= 500)
      context.log.error({ status: error.statusCode, intent: body.intent }, "payment step failed");
    // The sandbox's 400 to a body checked above against the API's own schema is about the
    // intent: no longer open (paid or canceled meanwhile, e.g. from another tab), or not its
    // secret. Answered 409, as create answers an invoice paid meanwhile: the page reloads it.
    if (body.intent === "sandbox-confirm" && error.statusCode === 400)
      return answer({ ok: false, status: 409, message: error.message }, 409);
    return answer({ ok: false, status: error.statusCode, message: error.message }, statusOf(error));
  }
}

/**
 * The 400 message for a body that is not a payment step: the contract's own messages when
 * only fields are wrong (e.g. 'Please select a country', as the API would answer them; its
 * card messages in the page's language), 'Invalid payment request' when the body is not
 * one of the steps at all.
 */
function invalidStepMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[], i18n: I18n): string {
  if (issues.some((issue) => issue.path.length === 0 || issue.path[0] === "intent")) return i18n._(refusals.badRequest);
  return [...new Set(issues.map((issue) => cardMessageText(issue.message, i18n)))].join(
    i18n._(msg({ message: ", ", comment: "Between two error messages in one sentence" })),
  );
}

/** JSON from bytes, or undefined when they are not JSON (the schema then refuses it). */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}
