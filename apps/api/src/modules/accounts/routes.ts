import { accountDeletionEndpoints } from "@khayl/contract/account-deletion";
import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../deps.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { transactionSlots } from "../../http/transaction-slots.ts";
import { askDeleteAccount, confirmDeleteAccount } from "./service.ts";

/** Per-client limits (DB-backed): 10 asks and 20 confirmations per 15 minutes, whatever the address. */
const ASK_PER_CLIENT = { max: 10, timeWindow: 15 * 60_000 };
const CONFIRM_PER_CLIENT = { max: 20, timeWindow: 15 * 60_000 };

/**
 * Asks and confirmations wait on an address's advisory lock, confirmations on the site's too,
 * inside their transactions: at most 2 of them at once per process hold a connection of the
 * pool's 10, and at most 50 more wait in memory, at most 5 of them from one client (past
 * that, 429: retry in a second), so a burst of them leaves the rest of the site its
 * connections (architecture §3.7 "Connections").
 */
const DELETION_SLOTS = { concurrency: 2, maxWaiting: 50, perClient: 5, retryAfterMs: 1_000 };

/**
 * Account deletion (product §7): `GET /auth/ask-delete-account` and `POST /auth/confrim-delete-account`, rate-limited
 * per client, and refused to a browser asked by another site or for a subresource (an
 * `<img src=…ask-delete-account?email=victim>`; architecture §3.7); both share this
 * process's `DELETION_SLOTS`.
 */
export function accountRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const inSlot = transactionSlots(DELETION_SLOTS);
  registerEndpoint(
    app,
    accountDeletionEndpoints.ask,
    ({ query }, { request }) =>
      inSlot(request.ip, () => askDeleteAccount(deps, query.email, request.ip, requestLanguage(request))),
    { config: { rateLimit: ASK_PER_CLIENT }, sameSiteOnly: true },
  );
  registerEndpoint(
    app,
    accountDeletionEndpoints.confirm,
    ({ body }, { request }) =>
      inSlot(request.ip, () =>
        confirmDeleteAccount(
          deps,
          { email: body.email, otpCode: body.otpCode, clientAddress: request.ip, language: requestLanguage(request) },
          request.log,
        ),
      ),
    { config: { rateLimit: CONFIRM_PER_CLIENT }, sameSiteOnly: true },
  );
}
