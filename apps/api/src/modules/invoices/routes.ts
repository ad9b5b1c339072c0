import { invoiceEndpoints, invoicePdfDisposition } from "@khayl/contract/invoices";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ModuleDeps } from "../../deps.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { BoundedCache } from "./bounded-cache.ts";
import { getInvoiceByLink, printInvoicePdfByLink } from "./invoice-view.ts";
import { confirmPaymentByLink, createPaymentByLink, sandboxConfirmPayment } from "./pay-by-link.ts";
import { createPaymentProvider } from "./payments/choose-provider.ts";
import type { InvoiceDeps } from "./settlement.ts";
import { handleStripeWebhook, stripeWebhookSecret, verifiedWebhookEvent } from "./stripe-webhook.ts";

/**
 * Per-client limits (DB-backed, shared by instances). Lookups are limited so that link
 * tokens cannot be enumerated (and a 256-bit token space makes guessing hopeless anyway).
 */
export const INVOICE_LOOKUPS_PER_CLIENT = { max: 120, timeWindow: 10 * 60_000 };
export const INVOICE_PDFS_PER_CLIENT = { max: 40, timeWindow: 10 * 60_000 };
export const PAYMENT_CALLS_PER_CLIENT = { max: 40, timeWindow: 10 * 60_000 };
const WEBHOOKS_PER_CLIENT = { max: 600, timeWindow: 60_000 };

/** Largest webhook body accepted, in bytes (Stripe events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

declare module "fastify" {
  interface FastifyRequest {
    /** The unparsed body of the Stripe webhook (its signature covers these exact bytes). */
    rawBody?: Buffer;
    /** The Stripe webhook's event, once its signature matched (`verifiedWebhookEvent`). */
    stripeEvent?: unknown;
  }
}

/** Invoice by link, its PDF, and its payment (product §7 plus the payment extensions). */
export function invoiceRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const invoiceDeps: InvoiceDeps = {
    db: deps.db,
    env: deps.env,
    hasher: deps.hasher,
    provider: createPaymentProvider(deps),
    log: app.log,
    providerChecks: new BoundedCache<number>(10_000),
  };

  registerEndpoint(
    app,
    invoiceEndpoints.getByLink,
    ({ body }, { request }) => getInvoiceByLink(invoiceDeps, body.hash, requestLanguage(request)),
    {
      config: { rateLimit: INVOICE_LOOKUPS_PER_CLIENT },
    },
  );

  registerEndpoint(
    app,
    invoiceEndpoints.printPdf,
    async ({ body }, { request, reply }) => {
      const { pdf, refNumber } = await printInvoicePdfByLink(invoiceDeps, body.hash, requestLanguage(request));
      reply
        .code(200)
        .header("content-type", "application/pdf")
        .header("content-disposition", invoicePdfDisposition(refNumber))
        .header("cache-control", "private, no-store")
        .send(pdf);
      return null;
    },
    { config: { rateLimit: INVOICE_PDFS_PER_CLIENT } },
  );

  registerEndpoint(app, invoiceEndpoints.createPayment, ({ body }) => createPaymentByLink(invoiceDeps, body), {
    config: { rateLimit: PAYMENT_CALLS_PER_CLIENT },
    statusCode: 201,
  });

  registerEndpoint(app, invoiceEndpoints.confirmPayment, ({ body }) => confirmPaymentByLink(invoiceDeps, body), {
    config: { rateLimit: PAYMENT_CALLS_PER_CLIENT },
  });

  registerEndpoint(app, invoiceEndpoints.sandboxConfirm, ({ body }) => sandboxConfirmPayment(invoiceDeps, body), {
    config: { rateLimit: PAYMENT_CALLS_PER_CLIENT },
  });

  // The webhook needs its raw body: its own scope keeps the bytes beside the parsed JSON.
  void app.register(async (scope) => {
    // Off (no Stripe, or no webhook secret): 404 before the body is read or validated,
    // whatever it holds (product §7), and before the rate limit counts it.
    scope.addHook("onRequest", async () => {
      stripeWebhookSecret(invoiceDeps);
    });
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (request: FastifyRequest, body, done) => {
        request.rawBody = body as Buffer;
        try {
          done(null, JSON.parse((body as Buffer).toString("utf8")));
        } catch {
          done(Object.assign(new SyntaxError("Request body is not valid JSON"), { statusCode: 400 }), undefined);
        }
      },
    );
    // The signature before the schema: an unsigned or forged body gets 'Invalid webhook
    // signature', never the fields the schema wants (after the rate limit has counted it).
    scope.addHook("preValidation", async (request) => {
      const signature = request.headers["stripe-signature"];
      request.stripeEvent = verifiedWebhookEvent(
        invoiceDeps,
        request.rawBody,
        Array.isArray(signature) ? signature[0] : signature,
      );
    });
    registerEndpoint(
      scope,
      invoiceEndpoints.stripeWebhook,
      (_input, { request }) => handleStripeWebhook(invoiceDeps, request.stripeEvent),
      { config: { rateLimit: WEBHOOKS_PER_CLIENT } },
    );
  });
}
