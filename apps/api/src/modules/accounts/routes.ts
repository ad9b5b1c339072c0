import { accountDeletionEndpoints } from "@khayl/contract/account-deletion";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { registerEndpoint } from "../../http/route.ts";
import { askDeleteAccount, confirmDeleteAccount } from "./service.ts";

/** Per-client limits (DB-backed): 10 asks and 20 confirmations per 15 minutes. */
export const ASK_PER_CLIENT = { max: 10, timeWindow: 15 * 60_000 };
export const CONFIRM_PER_CLIENT = { max: 20, timeWindow: 15 * 60_000 };

/** Account deletion (product §7): `GET /auth/ask-delete-account` and `POST /auth/confrim-delete-account`, rate-limited per client. */
export function accountRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, accountDeletionEndpoints.ask, ({ query }) => askDeleteAccount(deps.db, deps.env, query.email), {
    config: { rateLimit: ASK_PER_CLIENT },
  });
  registerEndpoint(
    app,
    accountDeletionEndpoints.confirm,
    ({ body }) => confirmDeleteAccount(deps.db, body.email, body.otpCode),
    {
      config: { rateLimit: CONFIRM_PER_CLIENT },
    },
  );
}
