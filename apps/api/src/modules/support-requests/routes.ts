import { supportRequestEndpoints } from "@khayl/contract/support-requests";
import type { FastifyInstance } from "fastify";
import type { ModuleDeps } from "../../deps.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { createSupportRequest } from "./service.ts";

/** Per-client limit of contact submissions: 10 per 10 minutes (DB-backed, shared by instances). */
const SUPPORT_REQUEST_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

/** `POST /supportRequests/` (product §7): the contact form, 201 with the reference; rate-limited per client. */
export function supportRequestRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  registerEndpoint(
    app,
    supportRequestEndpoints.create,
    ({ body }, { request }) => createSupportRequest(deps, body, requestLanguage(request), request.ip),
    {
      config: { rateLimit: SUPPORT_REQUEST_RATE_LIMIT },
      statusCode: 201,
    },
  );
}
