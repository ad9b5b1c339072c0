import {
  type InvoiceData,
  invoiceEndpoints,
  invoiceHashSchema,
  paymentMethodTypeValues,
  type SandboxConfirmBody,
} from "@khayl/contract/invoices";
import { data } from "react-router";
import { z } from "zod";
import { isApiError } from "./api-error.ts";
import type { WebContext } from "./context.ts";
import { readBodyBytes } from "./form.server.ts";
import type { PaymentCallResult } from "./invoice-payment.ts";

/** What the invoice page's loader answers: the invoice, or the message of the error view. */
export type InvoiceLoaderData = { invoice: InvoiceData; error: null } | { invoice: null; error: string | null };

function statusOf(error: { statusCode: number }): number {
  return error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 502;
}

/**
 * Loads the invoice of `/invoice/{hash}` with `POST /invoices-v2/get-invoice-by-link`
 * (product §7). A failure answers the server's message (or null: the page then shows
 * 'Failed to fetch invoice') with the API's status, so a bad link is a real 404/400.
 */
export async function loadInvoice(context: WebContext, hash: string) {
  try {
    const invoice = await context.api.call(invoiceEndpoints.getByLink, { body: { hash } });
    return data<InvoiceLoaderData>({ invoice, error: null }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    context.log.warn({ status: error.statusCode }, "invoice lookup failed");
    const message = error.statusCode > 0 && error.statusCode < 500 ? error.message : null;
    return data<InvoiceLoaderData>(
      { invoice: null, error: message },
      { status: statusOf(error), headers: { "cache-control": "no-store" } },
    );
  }
}

/**
 * `GET /invoice/{hash}/pdf`: the invoice PDF through the web app
 * (`POST /invoices-v2/print-pdf-by-link`), so the browser opens it from this origin in a
 * new tab. Failures answer `{ message }` as JSON with the API's status.
 */
export async function invoicePdfResponse(context: WebContext, hash: string): Promise<Response> {
  try {
    const upstream = await context.api.callBinary(invoiceEndpoints.printPdf, { body: { hash } });
    const headers = new Headers({
      "content-type": "application/pdf",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    const disposition = upstream.headers.get("content-disposition");
    if (disposition) headers.set("content-disposition", disposition);
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    context.log.warn({ status: error.statusCode }, "invoice PDF failed");
    const message = error.statusCode > 0 && error.statusCode < 500 ? error.message : null;
    return Response.json({ message }, { status: statusOf(error), headers: { "cache-control": "no-store" } });
  }
}

const paymentMethodBody = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("card"),
    card: z.object({ number: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(4) }),
    billingDetails: z.object({
      country: z.string().max(10),
      name: z.string().max(200).nullish(),
      email: z.string().max(254).nullish(),
      phone: z.string().max(40).nullish(),
    }),
  }),
  z.object({
    type: z.literal("apple_pay"),
    billingDetails: z
      .object({ country: z.string().max(10) })
      .partial()
      .optional(),
  }),
]);

/** The JSON the invoice page posts to `/invoice/{hash}/payment`, one `intent` per step of the payment. */
export const paymentRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), paymentMethod: z.enum(paymentMethodTypeValues) }),
  z.object({
    intent: z.literal("sandbox-confirm"),
    paymentIntentId: z.string().max(255),
    clientSecret: z.string().max(255),
    paymentMethod: paymentMethodBody,
  }),
  z.object({ intent: z.literal("confirm"), paymentIntentId: z.string().max(255) }),
]);

function answer(result: PaymentCallResult, status = 200): Response {
  return Response.json(result, { status, headers: { "cache-control": "no-store" } });
}

/**
 * `POST /invoice/{hash}/payment` (JSON, same origin only): relays one payment step of the
 * invoice page to the API with the contract client, so the browser never talks to the
 * API directly and per-client limits see the visitor. `create` → create-payment-by-link,
 * `sandbox-confirm` → the sandbox provider's confirmation (card details pass through and
 * are never logged), `confirm` → confirm-payment-by-link (the server decides "paid").
 * Answers `{ ok: true, … }` or `{ ok: false, status, message }` with the API's status.
 */
export async function paymentAction(request: Request, context: WebContext, hash: string): Promise<Response> {
  if (request.method !== "POST") return answer({ ok: false, status: 405, message: "Method not allowed" }, 405);
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if ((site && site !== "same-origin") || (origin && origin !== new URL(request.url).origin)) {
    return answer({ ok: false, status: 403, message: "Cross-site requests are not allowed" }, 403);
  }
  if (!request.headers.get("content-type")?.startsWith("application/json")) {
    return answer({ ok: false, status: 415, message: "Unsupported content type" }, 415);
  }
  const bytes = await readBodyBytes(request, 16 * 1024);
  if (bytes === "too-large") return answer({ ok: false, status: 413, message: "Request body is too large" }, 413);
  if (!invoiceHashSchema.safeParse(hash).success)
    return answer({ ok: false, status: 400, message: "Invalid invoice link" }, 400);
  const parsed = paymentRequestSchema.safeParse(parseJson(bytes));
  if (!parsed.success) return answer({ ok: false, status: 400, message: "Invalid payment request" }, 400);
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
        // The API validates the card (Luhn, expiry, CVC, country) with the contract's rules.
        body: {
          paymentIntentId: body.paymentIntentId,
          clientSecret: body.clientSecret,
          paymentMethod: body.paymentMethod as SandboxConfirmBody["paymentMethod"],
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
    return answer({ ok: false, status: error.statusCode, message: error.message }, statusOf(error));
  }
}

/** JSON from bytes, or undefined when they are not JSON (the schema then refuses it). */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}
