import { legalEndpoints } from "@khayl/contract/legal";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { publiclyCached } from "../../http/cache.ts";
import { registerEndpoint } from "../../http/route.ts";
import { getLegalDocument } from "./service.ts";

/** `GET /privacy/selected/:category` (product §7): the terms or the privacy policy, publicly cacheable. */
export function legalRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, legalEndpoints.selected, ({ params }, { reply }) =>
    publiclyCached(reply, getLegalDocument(deps.db, params.category)),
  );
}
