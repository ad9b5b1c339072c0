import { supportRequestEndpoints } from "@khayl/contract/support-requests";
import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../deps.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { transactionSlots } from "../../http/transaction-slots.ts";
import { createSupportRequest } from "./service.ts";

/** Per-client limit of contact submissions: 10 per 10 minutes (DB-backed, shared by instances). */
const SUPPORT_REQUEST_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

/**
 * Requests from one address wait on that address's advisory lock inside their transactions
 * (`lockSender`): at most 2 at once per process hold a pooled connection, 50 more wait in
 * memory, at most 5 of them from one client; past that 429 (architecture §3.7 "Connections").
 */
const SUPPORT_REQUEST_SLOTS = { concurrency: 2, maxWaiting: 50, perClient: 5, retryAfterMs: 1_000 };

/**
 * `POST /supportRequests/` (product §7): the contact form, 201 with the reference; rate-limited
 * per client, run within `SUPPORT_REQUEST_SLOTS`.
 */
export function supportRequestRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const inSlot = transactionSlots(SUPPORT_REQUEST_SLOTS);
  registerEndpoint(
    app,
    supportRequestEndpoints.create,
    ({ body }, { request }) =>
      inSlot(request.ip, () => createSupportRequest(deps, body, requestLanguage(request), request.ip)),
    {
      config: { rateLimit: SUPPORT_REQUEST_RATE_LIMIT },
      statusCode: 201,
    },
  );
}
