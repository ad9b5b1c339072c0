import type { FastifyInstance } from "fastify";
import { legalEndpoints } from "@khayl/contract/legal";
import type { ApiDeps } from "../../deps.ts";
import { publiclyCached } from "../../http/cache.ts";
import { registerEndpoint } from "../../http/route.ts";
import { getLegalDocument } from "./service.ts";

export function legalRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, legalEndpoints.selected, ({ params }, { reply }) => publiclyCached(reply, getLegalDocument(deps.db, params.category)));
}
