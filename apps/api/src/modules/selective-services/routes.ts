import { selectiveServiceEndpoints } from "@khayl/contract/selective-services";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { publiclyCached } from "../../http/cache.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { listWebsiteSelectiveServices } from "./service.ts";

/** `GET /selective-services/website` (product §7): the flight schedule. */
export function selectiveServiceRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, selectiveServiceEndpoints.listWebsite, ({ query }, { request, reply }) =>
    publiclyCached(reply, listWebsiteSelectiveServices(deps.db, query, requestLanguage(request))),
  );
}
