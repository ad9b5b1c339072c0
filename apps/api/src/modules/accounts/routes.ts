import { accountDeletionEndpoints } from "@khayl/contract/account-deletion";
import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../deps.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { askDeleteAccount, confirmDeleteAccount } from "./service.ts";

/** Per-client limits (DB-backed): 10 asks and 20 confirmations per 15 minutes, whatever the address. */
const ASK_PER_CLIENT = { max: 10, timeWindow: 15 * 60_000 };
const CONFIRM_PER_CLIENT = { max: 20, timeWindow: 15 * 60_000 };

/**
 * Account deletion (product §7): `GET /auth/ask-delete-account` and `POST /auth/confrim-delete-account`, rate-limited
 * per client, and refused to a browser asked by another site or for a subresource (an
 * `<img src=…ask-delete-account?email=victim>`; architecture §3.7).
 */
export function accountRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  registerEndpoint(
    app,
    accountDeletionEndpoints.ask,
    ({ query }, { request }) => askDeleteAccount(deps, query.email, request.ip, requestLanguage(request)),
    { config: { rateLimit: ASK_PER_CLIENT }, sameSiteOnly: true },
  );
  registerEndpoint(
    app,
    accountDeletionEndpoints.confirm,
    ({ body }, { request }) =>
      confirmDeleteAccount(
        deps,
        { email: body.email, otpCode: body.otpCode, clientAddress: request.ip, language: requestLanguage(request) },
        request.log,
      ),
    { config: { rateLimit: CONFIRM_PER_CLIENT }, sameSiteOnly: true },
  );
}
