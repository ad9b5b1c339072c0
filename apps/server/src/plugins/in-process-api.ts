import { API_ROOT, alertsApiPlugin, apiRootPlugin } from "@khayl/api/app";
import type { createAnswerCache } from "@khayl/api/http/cache";
import { clientScheduleNames, type ScheduleNameReader } from "@khayl/api/modules/alerts/schedule-names";
import type { Env } from "@khayl/config/env";
import { createApiClient } from "@khayl/contract/client";
import { errorEnvelope, retryAfterSeconds, tooManyRequestsMessage } from "@khayl/contract/envelope";
import type { DbHandle } from "@khayl/db/client";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { createReadBudget } from "../read-budgets.ts";

export interface InProcessApiOptions {
  env: Env;
  database: DbHandle;
  /** The public list answers kept by normalised query (decision 022), emptied when content changes. */
  answers: ReturnType<typeof createAnswerCache>;
  /** The budget of API reads per client (`API_READ_BUDGET_PER_MINUTE`, decision 022). */
  apiReads: ReturnType<typeof createReadBudget>;
  /** The header this process's page renders send on their API calls: their render was counted instead. */
  ownRead: Record<string, string>;
  /**
   * Only the alerts module (`API_URL` set: every other call goes to the provider, but
   * subscriptions stay in this site's database, decision 028); default: the whole API.
   */
  alertsOnly?: boolean;
}

/**
 * The API in this process: without `API_URL`, `/api/v1` and its OpenAPI docs at `/api/docs`
 * (their own CSP, see the API's http/openapi.ts); with it (`alertsOnly`), only
 * `/api/v1/alerts/…` (decision 028: the pages' alert forms and the mails' one-click and
 * manage links reach this site). Either way with the per-client budget of API reads
 * in front (decision 022): a GET or HEAD matched to a route under `/api/` (however its path
 * is spelled) from outside the process past the budget answers 429 in the envelope with `retry-after`; the page renders' own calls (marked
 * with `ownRead`) are not counted.
 */
export const inProcessApi = fp<InProcessApiOptions>(
  async (app: FastifyInstance, { env, database, answers, apiReads, ownRead, alertsOnly = false }) => {
    const [[markName, markValue] = ["", ""]] = Object.entries(ownRead);
    app.addHook("onRequest", async (request, reply) => {
      // Decided by the route the request was matched to, never by its text: `/%61pi/v1/…` and
      // the absolute form `GET http://host/api/v1/…` reach the same API routes.
      const route = request.routeOptions.url ?? "";
      if ((request.method !== "GET" && request.method !== "HEAD") || !route.startsWith(`${API_ROOT}/`)) return;
      if (request.headers[markName] === markValue) return;
      // Only the host's own reads may ask past the answer cache (`no-cache`: the alerts
      // watcher's, decision 028); anyone else's would make each read a query (decision 022).
      delete request.headers["cache-control"];
      const waitMs = apiReads.take(request.ip);
      if (waitMs) return tooManyReads(reply, waitMs);
    });
    // The OpenAPI document lists the 429 of API reads on every GET while the budget is on.
    const deps = { db: database.db, env, answers, readsLimited: apiReads.limited };
    if (alertsOnly) await app.register(alertsApiPlugin, { ...deps, scheduleName: providerScheduleNames(app, env) });
    else await app.register(apiRootPlugin, { prefix: API_ROOT, ...deps });
  },
  { name: "in-process-api" },
);

/**
 * How the alerts module names and checks a watched show or flight when the schedules are the
 * provider's (`API_URL`, decision 028): one read of the show's or flight's endpoint, in the
 * request's language and for its visitor (`x-forwarded-for`, as the pages' reads say it), that
 * waits at most 3 s and is not repeated (the visitor is waiting; when it fails, the alert is
 * still taken and named by its number).
 */
function providerScheduleNames(app: FastifyInstance, env: Env): ScheduleNameReader {
  return clientScheduleNames(
    (language, clientIp) =>
      createApiClient({
        baseUrl: env.API_URL ?? "",
        language,
        headers: { "x-forwarded-for": clientIp },
        timeoutMs: 3_000,
      }),
    app.log,
  );
}

/** The API's answer to a client over its budget of API reads (decision 022): 429, the envelope, `retry-after`. */
function tooManyReads(reply: FastifyReply, waitMs: number) {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds(waitMs)))
    .header("cache-control", "no-store")
    .send(errorEnvelope(429, tooManyRequestsMessage(waitMs)));
}
