import { supportRequestEndpoints } from "@khayl/contract/support-requests";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { registerEndpoint } from "../../http/route.ts";
import { createSupportRequest } from "./service.ts";

/** Per-client limit of contact submissions: 10 per 10 minutes (DB-backed, shared by instances). */
export const SUPPORT_REQUEST_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

/** `POST /supportRequests/` (product §7): the contact form, 201 with the reference; rate-limited per client. */
export function supportRequestRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, supportRequestEndpoints.create, ({ body }) => createSupportRequest(deps.db, deps.env, body), {
    config: { rateLimit: SUPPORT_REQUEST_RATE_LIMIT },
    statusCode: 201,
  });
}
