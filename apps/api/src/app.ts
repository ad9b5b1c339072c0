import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ApiDeps } from "./deps.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { configurationRoutes } from "./modules/configurations/routes.ts";
import { eventRoutes } from "./modules/events/routes.ts";
import { selectiveServiceRoutes } from "./modules/selective-services/routes.ts";
import { supportRequestRoutes } from "./modules/support-requests/routes.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { invoiceRoutes } from "./modules/invoices/routes.ts";

export type { ApiDeps } from "./deps.ts";

/** API root under which the host mounts `apiPlugin` (SPEC §7: the versioned API root). */
export const API_PREFIX = "/api/v1";

/**
 * The API as a Fastify plugin (SPEC §7 paths relative to `/api/v1`). Registers the
 * zod validator/serialiser, the envelope error handling and every module's routes.
 * Never listens; the host mounts it with `{ prefix: API_PREFIX }`.
 */
export const apiPlugin: FastifyPluginAsync<ApiDeps> = async (app, deps) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerRateLimit(app, deps.db);
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
  configurationRoutes(app, deps);
  eventRoutes(app, deps);
  selectiveServiceRoutes(app, deps);
  supportRequestRoutes(app, deps);
  accountRoutes(app, deps);
  invoiceRoutes(app, deps);
};

/**
 * A stand-alone API instance for tests and tools (fastify/demo's `buildApp`): the
 * plugin mounted at `/api/v1`, with the same router options as the host. Never listens.
 */
export async function buildApp(deps: ApiDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
  });
  await app.register(apiPlugin, { ...deps, prefix: API_PREFIX });
  await app.ready();
  return app;
}
