import type { FastifyInstance } from "fastify";
import { selectiveServiceEndpoints } from "@khayl/contract/selective-services";
import { registerEndpoint } from "../../http/route.ts";
import type { ApiDeps } from "../../deps.ts";
import { listWebsiteSelectiveServices } from "./service.ts";

export function selectiveServiceRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, selectiveServiceEndpoints.listWebsite, ({ query }) =>
    listWebsiteSelectiveServices(deps.db, query),
  );
}
