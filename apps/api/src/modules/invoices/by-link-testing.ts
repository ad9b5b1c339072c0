import { Writable } from "node:stream";
import { seedAccounts } from "@khayl/db/seed/accounts";
import { type DemoInvoiceLink, seedInvoices } from "@khayl/db/seed/invoices";
import { afterAll, beforeAll } from "vitest";
import { createLogger } from "../../http/log.ts";
import { createTestApi, type TestApi } from "../../testing.ts";

/**
 * Helpers of the invoice-by-link API tests (not used by the API itself): the real API on a
 * fresh database with the demo accounts and invoices (product §3), and its calls by link.
 */

/** A sandbox card payment method: `number` as typed, a future expiry, a CVC and a country. */
export const card = (number: string, overrides: Record<string, string> = {}) => ({
  type: "card",
  card: { number, expiry: "12 / 34", cvc: "123", ...overrides },
  billingDetails: { country: "UAE", name: "Layla Haddad" },
});

/**
 * Starts the API for the calling test file (its own `beforeAll`/`afterAll`, so no state is
 * left in this module: the API projects keep modules between files, conventions §5) and
 * answers its calls. Each call from `client()` comes from a new remote address, so only the
 * tests of the rate limits meet them. With `captureLogs`, the API logs at info level into
 * `logs` (one parsed JSON line each); otherwise it logs nothing.
 */
export function invoiceLinkApi({ captureLogs = false } = {}) {
  let api: TestApi | undefined;
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let links: DemoInvoiceLink[] = [];
  /** Unpaid demo invoices not used yet: each payment test takes its own. */
  let fresh: DemoInvoiceLink[] = [];
  let ip = 0;

  beforeAll(async () => {
    api = await createTestApi({}, captureLogs ? { logger: createLogger("info", destination) } : {});
    await seedAccounts(api.database.db);
    // Only the seeding learns the links: the database keeps their hashes (architecture §3.8).
    links = (await seedInvoices(api.database.db)).sort((a, b) => a.refNumber.localeCompare(b.refNumber));
    fresh = links.filter((l) => l.status === "unpaid" && l.refNumber >= "INV-2026-000201");
  });
  afterAll(() => api?.close());

  const started = () => {
    if (!api) throw new Error("the invoice API is not started (call invoiceLinkApi() at a file's top level)");
    return api;
  };
  const client = () => `10.50.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (path: string, payload: unknown, remoteAddress = client()) =>
    started().app.inject({
      method: "POST",
      url: `/api/v1/invoices-v2/${path}`,
      payload: payload as object,
      remoteAddress,
    });
  return {
    /** The running API (after `beforeAll`). */
    get api() {
      return started();
    },
    /** What the API logged (with `captureLogs`), oldest first. */
    logs,
    /** Every demo invoice's link. */
    get links() {
      return links;
    },
    client,
    post,
    /** The demo invoice numbered `ref`. */
    link: (ref: string) => {
      const found = links.find((l) => l.refNumber === ref);
      if (!found) throw new Error(`no demo invoice ${ref}`);
      return found;
    },
    /** An unpaid demo invoice no other test of the file has taken. */
    takeInvoice: () => {
      const next = fresh.shift();
      if (!next) throw new Error("no unpaid demo invoice left");
      return next;
    },
    getInvoice: (hash: unknown) => post("get-invoice-by-link", { hash }),
    createPayment: (hash: string, paymentMethod = "card", remoteAddress?: string) =>
      post("create-payment-by-link", { hash, paymentMethod }, remoteAddress),
    confirmByLink: (hash: string, paymentIntentId: string) =>
      post("confirm-payment-by-link", { hash, paymentIntentId }),
    sandboxConfirm: (intent: { paymentIntentId: string; clientSecret: string }, paymentMethod: unknown) =>
      post("sandbox-confirm-payment", {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        paymentMethod,
      }),
  };
}
