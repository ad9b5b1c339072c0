import { alertEndpoints } from "@khayl/contract/alerts";
import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../deps.ts";
import { registerEndpoint } from "../../http/route.ts";
import { transactionSlots } from "../../http/transaction-slots.ts";
import {
  confirm,
  lookup,
  oneClickPage,
  oneClickUnsubscribe,
  setLanguage,
  subscribe,
  unsubscribe,
  watchedNameOf,
} from "./service.ts";

/** Per-client limit of alert requests: 10 per 10 minutes (DB-backed, shared by instances; decision 004). */
const SUBSCRIBE_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };
/**
 * Subscriptions for one address wait on that address's advisory lock inside their
 * transactions: at most 2 at once per process hold a pooled connection, 50 more wait in
 * memory, at most 5 of them from one client; past that 429 (architecture §3.7 "Connections").
 */
const SUBSCRIBE_SLOTS = { concurrency: 2, maxWaiting: 50, perClient: 5, retryAfterMs: 1_000 };
/**
 * Per-client limit of link calls (lookup, confirm, unsubscribe, language, one-click, by POST
 * or opened in a browser): 60 per 10 minutes, one budget for all (`groupId`), so a client
 * checks at most 60 tokens whichever call it uses.
 */
const LINK_RATE_LIMIT = { max: 60, timeWindow: 10 * 60_000, groupId: "alert-links" };

/**
 * The alerts module's routes (decision 028): subscribe, lookup, confirm, unsubscribe (one or
 * all) and the mail language from the contract, and `POST /alerts/one-click?token=…`, the RFC 8058 target of
 * `List-Unsubscribe`, which accepts the mailbox provider's form body
 * (`List-Unsubscribe=One-Click`) and stops every alert to the token's address; the same URL
 * opened in a browser (a `GET`) changes nothing and answers a 303 to the manage page.
 */
export async function alertRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const inSlot = transactionSlots(SUBSCRIBE_SLOTS);
  registerEndpoint(
    app,
    alertEndpoints.subscribe,
    // The schedule is read before the slot is taken: no pooled connection waits on the provider.
    async ({ body }, { request }) => {
      const name = await watchedNameOf(deps, body, request.ip);
      return inSlot(request.ip, () => subscribe(deps, body, request.ip, name));
    },
    {
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
      statusCode: 202,
    },
  );
  registerEndpoint(app, alertEndpoints.lookup, ({ body }) => lookup(deps, body.token), {
    config: { rateLimit: LINK_RATE_LIMIT },
  });
  registerEndpoint(app, alertEndpoints.confirm, ({ body }) => confirm(deps, body.token), {
    config: { rateLimit: LINK_RATE_LIMIT },
  });
  registerEndpoint(
    app,
    alertEndpoints.unsubscribe,
    ({ body }) => unsubscribe(deps, body.token, { everyAlert: body.scope === "all" }),
    { config: { rateLimit: LINK_RATE_LIMIT } },
  );
  registerEndpoint(app, alertEndpoints.setLanguage, ({ body }) => setLanguage(deps, body.token, body.language), {
    config: { rateLimit: LINK_RATE_LIMIT },
  });
  await app.register(async (scope) => {
    // Mailbox providers POST `List-Unsubscribe=One-Click` as a form, `multipart/form-data` as RFC
    // 8058 §3.1 asks or url-encoded as it allows; the body says nothing more, so it is read
    // (within the API's body limit) and not parsed.
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string" },
      (_req, body, done) => done(null, body),
    );
    registerEndpoint(scope, alertEndpoints.oneClick, ({ query }) => oneClickUnsubscribe(deps, query.token), {
      config: { rateLimit: LINK_RATE_LIMIT },
    });
  });
  // RFC 2369 mail clients open `List-Unsubscribe` in a browser: to the manage page, stopping nothing.
  registerEndpoint(app, alertEndpoints.oneClickLink, ({ query }) => oneClickPage(deps, query.token), {
    config: { rateLimit: LINK_RATE_LIMIT },
  });
}
