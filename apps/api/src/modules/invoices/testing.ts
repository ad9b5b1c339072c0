import { createRequire } from "node:module";
import path from "node:path";

/**
 * Helpers of the invoice API tests (not used by the API itself).
 */

/**
 * Parses PDF bytes with Mozilla's PDF.js (a full parser, so malformed bytes
 * fail) and answers the page count, the text of every page joined by spaces and,
 * in `pageTexts`, each page's text on its own (spaces collapsed the same way).
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; pageTexts: string[] }> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts =
    path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") +
    path.sep;
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  const collapse = (text: string) => text.replace(/\s+/g, " ");
  return { pages: doc.numPages, text: collapse(texts.join(" ")), pageTexts: texts.map(collapse) };
}

/** A PaymentIntent as the fake Stripe keeps it (Stripe's JSON field names). */
interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string } | null;
  latest_charge: string | null;
  /** The card the fake "charged" (test side only; served as the expanded latest charge). */
  card: { brand: string; last4: string; wallet: string | null } | null;
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL, e.g. http://127.0.0.1:54321 */
  url: string;
  intents: Map<string, FakeIntent>;
  /** Every request received: method, path, form fields, Idempotency-Key, Authorization. */
  requests: {
    method: string;
    path: string;
    form: Record<string, string>;
    idempotencyKey: string | undefined;
    authorization: string | undefined;
  }[];
  /** What Stripe.js confirming the intent in the browser would leave on Stripe's side. */
  succeed(id: string, card?: { brand: string; last4: string; wallet?: string | null }): void;
  /**
   * When set, a retrieval of an intent waits for the promise this answers (undefined: no
   * wait) before it is sent, with the intent as it was when asked: a slow answer, for races.
   */
  holdRetrieve: ((id: string) => Promise<void> | undefined) | undefined;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for api.stripe.com (the one edge tests may fake,
 * architecture §4): create, retrieve and cancel PaymentIntents with form-encoded bodies,
 * idempotency keys replayed as Stripe does, `expand[]=latest_charge` served from the stored
 * card; canceling an intent that is no longer open is refused as Stripe refuses it.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const { createServer } = await import("node:http");
  const { randomBytes } = await import("node:crypto");
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const requests: FakeStripe["requests"] = [];
  const view = (intent: FakeIntent, expand: boolean) => {
    const { card, ...rest } = intent;
    return {
      ...rest,
      latest_charge:
        expand && intent.latest_charge && card
          ? {
              id: intent.latest_charge,
              object: "charge",
              payment_method_details: {
                type: "card",
                card: { brand: card.brand, last4: card.last4, wallet: card.wallet ? { type: card.wallet } : null },
              },
            }
          : intent.latest_charge,
    };
  };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        form,
        idempotencyKey,
        authorization: req.headers.authorization,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${randomBytes(6).toString("hex")}`,
        });
        res.end(JSON.stringify(payload));
      };
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        const existing = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, view(intents.get(existing)!, false));
        const id = `pi_fake_${randomBytes(8).toString("hex")}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          currency: form.currency ?? "",
          status: "requires_payment_method",
          client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
          metadata,
          description: form.description ?? null,
          last_payment_error: null,
          latest_charge: null,
          card: null,
        };
        intents.set(id, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, id);
        return send(200, view(intent, false));
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && retrieve) {
        const intent = intents.get(decodeURIComponent(retrieve[1]!));
        if (!intent)
          return send(404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
          });
        const answer = view(
          intent,
          url.searchParams.getAll("expand[]").includes("latest_charge") || form["expand[0]"] === "latest_charge",
        );
        const held = fake.holdRetrieve?.(intent.id);
        if (held) return void held.then(() => send(200, answer));
        return send(200, answer);
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === "POST" && cancel) {
        const intent = intents.get(decodeURIComponent(cancel[1]!));
        if (!intent)
          return send(404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
          });
        if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status))
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        intent.status = "canceled";
        return send(200, view(intent, false));
      }
      send(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${address.port}`,
    intents,
    requests,
    holdRetrieve: undefined,
    succeed(id, card = { brand: "visa", last4: "4242" }) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = "succeeded";
      intent.latest_charge = `ch_fake_${randomBytes(6).toString("hex")}`;
      intent.card = { brand: card.brand, last4: card.last4, wallet: card.wallet ?? null };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
