import { selectiveServiceEndpoints } from "@khayl/contract/selective-services";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { publicList, publiclyCached } from "../../http/cache.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { getWebsiteSelectiveService, listWebsiteSelectiveServices } from "./service.ts";

/** `GET /selective-services/website` (product §7): the flight schedule; `/{id}`: one flight (product §2, show and flight pages). */
export function selectiveServiceRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, selectiveServiceEndpoints.listWebsite, ({ query }, route) =>
    publicList(deps.answers, route, () => listWebsiteSelectiveServices(deps.db, query, requestLanguage(route.request))),
  );
  registerEndpoint(app, selectiveServiceEndpoints.getWebsite, ({ params }, { request, reply }) =>
    publiclyCached(reply, getWebsiteSelectiveService(deps.db, params.id, requestLanguage(request))),
  );
}
