import { eventEndpoints } from "@khayl/contract/events";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { publicList, publiclyCached } from "../../http/cache.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { getWebsiteEvent, listWebsiteEvents } from "./service.ts";

/** `GET /event-services/website` (product §7): the transport schedule; `/{id}`: one show (product §2, show and flight pages). */
export function eventRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, eventEndpoints.listWebsite, ({ query }, route) =>
    publicList(deps.answers, route, () =>
      listWebsiteEvents(deps.db, { ...query, disciplineIds: query.eventDisciplines }, requestLanguage(route.request)),
    ),
  );
  registerEndpoint(app, eventEndpoints.getWebsite, ({ params }, { request, reply }) =>
    publiclyCached(reply, getWebsiteEvent(deps.db, params.id, requestLanguage(request))),
  );
}
