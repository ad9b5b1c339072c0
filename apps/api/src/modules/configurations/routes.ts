import { companyNameIn } from "@khayl/config/env";
import { configurationEndpoints } from "@khayl/contract/configurations";
import { ping } from "@khayl/db/client";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { requestLanguage } from "../../http/language.ts";
import { httpMessages } from "../../http/messages.ts";
import { registerEndpoint } from "../../http/route.ts";

/**
 * `GET /configurations/` (product §7: the public configuration) and `GET /health` (503 when the database is
 * unreachable).
 */
export function configurationRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(
    app,
    configurationEndpoints.get,
    async (_input, { request }) => ({
      companyName: companyNameIn(deps.env, requestLanguage(request)),
      productName: deps.env.PRODUCT_NAME,
      iosAppUrl: deps.env.IOS_APP_URL,
      androidAppUrl: deps.env.ANDROID_APP_URL,
      supportEmail: deps.env.SUPPORT_EMAIL,
      supportPhone: deps.env.SUPPORT_PHONE,
      currency: "AED" as const,
      country: "AE" as const,
    }),
    { usesDatabase: false },
  );
  registerEndpoint(app, configurationEndpoints.health, async () => {
    try {
      await ping(deps.db);
    } catch {
      throw new HttpError(503, httpMessages.databaseUnreachable);
    }
    return { status: "ok" as const };
  });
}
