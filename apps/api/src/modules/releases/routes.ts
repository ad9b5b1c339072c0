import { releaseEndpoints } from "@khayl/contract/releases";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { publicList } from "../../http/cache.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { listReleaseLogs, listReleaseNotes } from "./service.ts";

/** `GET /release-logs/` and `GET /release-logs/getWebsiteRelease` (product §7): release notes and app release logs. */
export function releaseRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, releaseEndpoints.listNotes, ({ query }, route) =>
    publicList(deps.answers, route, () => listReleaseNotes(deps.db, query, requestLanguage(route.request))),
  );
  registerEndpoint(app, releaseEndpoints.listWebsiteLogs, ({ query }, route) =>
    publicList(deps.answers, route, () => listReleaseLogs(deps.db, query, requestLanguage(route.request))),
  );
}
