import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ApiDeps, ModuleDeps } from "./deps.ts";
import { answerMalformedUrl, answerRouteNotFound, registerErrorHandling } from "./http/errors.ts";
import { refuseOtherJsonCharsets } from "./http/json-charset.ts";
import type { AppLogger } from "./http/log.ts";
import { refuseNulCharacters } from "./http/nul-character.ts";
import { registerApiDocs, registerOpenApi } from "./http/openapi.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { alertRoutes } from "./modules/alerts/routes.ts";
import { ownScheduleNames } from "./modules/alerts/schedule-names.ts";
import { blogRoutes } from "./modules/blogs/routes.ts";
import { configurationRoutes } from "./modules/configurations/routes.ts";
import { eventRoutes } from "./modules/events/routes.ts";
import { invoiceRoutes } from "./modules/invoices/routes.ts";
import { legalRoutes } from "./modules/legal/routes.ts";
import { releaseRoutes } from "./modules/releases/routes.ts";
import { selectiveServiceRoutes } from "./modules/selective-services/routes.ts";
import { supportRequestRoutes } from "./modules/support-requests/routes.ts";
import { loadSecretKey, secretKeysOf } from "./secret-key.ts";

export type { ApiDeps } from "./deps.ts";

/** Where the host mounts `apiRootPlugin`: the versioned API below it, the docs beside it. */
export const API_ROOT = "/api";
/** The versioned API root (product §7), inside `API_ROOT`. */
export const API_PREFIX = `${API_ROOT}/v1`;
/** Interactive API docs (Swagger UI); the OpenAPI document is at `${API_DOCS_PATH}/json`. */
const API_DOCS_PATH = `${API_ROOT}/docs`;

/**
 * What every route of the API runs behind: JSON bodies only, in UTF-8
 * (`refuseOtherJsonCharsets`), the zod validator/serialiser, the envelope error handling, a
 * 400 for the NUL character in any field (`refuseNulCharacters`), the database-backed rate
 * limit (decision 004) and `no-store` unless a route says otherwise.
 */
async function registerApiBase(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  // JSON only (a route that reads another type adds its own parser): `text/plain` is 415.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, deps.db);
  app.addHook("preParsing", refuseOtherJsonCharsets);
  app.addHook("preValidation", refuseNulCharacters);
  await registerRateLimit(app, deps.db, deps.hasher);
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}

/**
 * The API as a Fastify plugin (product §7 paths relative to `/api/v1`). Registers the
 * zod validator/serialiser, the envelope error handling and every module's routes.
 * Never listens; `apiRootPlugin` mounts it at `API_PREFIX`.
 */
const apiPlugin: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  await registerApiBase(app, deps);
  configurationRoutes(app, deps);
  eventRoutes(app, deps);
  selectiveServiceRoutes(app, deps);
  supportRequestRoutes(app, deps);
  accountRoutes(app, deps);
  blogRoutes(app, deps);
  legalRoutes(app, deps);
  releaseRoutes(app, deps);
  invoiceRoutes(app, deps);
  await alertRoutes(app, deps);
};

/**
 * Every other path under `API_ROOT` (`/api`, `/api/v1` itself, `/api/v2/…`, any method) is
 * the API's own: in a scope of its own at `API_ROOT` with the API's error handling
 * (`registerErrorHandling`: 404 in the envelope, a body it cannot read refused in it too) and
 * `no-store`, as a path under `/api/v1` the API has no route for is; a client with a wrong
 * base URL is told so, not redirected to the website's home page (the website's rule for
 * unknown paths, product §2). Hidden from the OpenAPI document.
 */
async function answerUnknownApiPaths(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    registerErrorHandling(scope);
    scope.addHook("onSend", async (_request, reply, payload) => {
      reply.header("cache-control", "no-store");
      return payload;
    });
    scope.all("/", { schema: { hide: true } }, answerRouteNotFound);
  });
}

/**
 * What the host mounts at `API_ROOT`: the OpenAPI collector first (so every route that
 * `apiPlugin` registers, whatever its module, lands in the document), then `apiPlugin`
 * at `/v1`, then the interactive docs at `/docs` (architecture §3.2, decision 002: the
 * document comes from the same zod schemas that validate and serialise). Reads (or, on
 * the demo, creates) the server secret first (`loadSecretKey`). With `readsLimited` the
 * document lists the host's 429 of API reads on every GET.
 */
export const apiRootPlugin: FastifyPluginAsync<ApiDeps> = async (app, deps) => {
  noSearchResults(app);
  const title = `${deps.env.COMPANY_NAME} API`;
  const keys = secretKeysOf(await loadSecretKey(deps.env));
  await registerOpenApi(app, {
    title,
    serverUrl: API_PREFIX,
    version: "1.0.0",
    readsLimited: deps.readsLimited ?? false,
  });
  const scheduleName = deps.scheduleName ?? ownScheduleNames(deps.db);
  await app.register(apiPlugin, { ...deps, ...keys, scheduleName, prefix: API_PREFIX.slice(API_ROOT.length) });
  await registerApiDocs(app, { prefix: API_ROOT, routePrefix: API_DOCS_PATH.slice(API_ROOT.length), title });
  await answerUnknownApiPaths(app);
};

/**
 * Every answer under `/api` (the calls, the OpenAPI document, Swagger UI) says
 * `X-Robots-Tag: noindex` unless it named its own: the API and its docs are for developers,
 * not the company's search results.
 */
function noSearchResults(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("x-robots-tag")) reply.header("x-robots-tag", "noindex");
    return payload;
  });
}

/**
 * Only the alerts module's routes (decision 028), mounted at `API_PREFIX` as `apiRootPlugin`
 * mounts the whole API, behind the same validation, envelope and rate limit, without the
 * OpenAPI docs: what a site whose other calls go to a provider behind `API_URL` serves
 * from its own database, naming the watched show or flight with the host's `scheduleName`
 * (which reads the provider). Reads (or, on the demo, creates) the server secret first.
 */
export const alertsApiPlugin: FastifyPluginAsync<ApiDeps & Pick<ModuleDeps, "scheduleName">> = async (app, deps) => {
  noSearchResults(app);
  const keys = secretKeysOf(await loadSecretKey(deps.env));
  await app.register(
    async (api) => {
      await registerApiBase(api, { ...deps, ...keys });
      await alertRoutes(api, { ...deps, ...keys });
    },
    { prefix: API_PREFIX },
  );
  await app.register(answerUnknownApiPaths, { prefix: API_ROOT });
};

/**
 * A request target in absolute form (`GET http://host/aboutus`: what a client sends to a
 * proxy, and what a server must accept, RFC 9112 §3.2.2) as the path and query it names
 * (`/aboutus`). Its authority is not used, on purpose: the RFC would have it replace the
 * Host header, but the Host header makes a page's origin for every request here (`pageUrl`
 * in apps/server, which checks it), so a target cannot name another origin. Any other
 * target is returned as sent (`*`, or anything else that is not a path, is refused where
 * it is read).
 */
function originFormOf(target: string): string {
  const authority = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * How the API reads a request (Fastify's server options), for `buildApp` and the host that
 * mounts the API (apps/server): a target in absolute form read as its path (`originFormOf`),
 * bodies of at most 64 KiB, a trailing slash ignored, and a
 * JSON key `__proto__` or `constructor.prototype` dropped as the body is parsed (it changes
 * no prototype and no schema asks for it) instead of the whole body being called invalid JSON.
 */
export const API_SERVER_OPTIONS = {
  rewriteUrl: (request: { url?: string }) => originFormOf(request.url ?? "/"),
  routerOptions: { ignoreTrailingSlash: true },
  bodyLimit: 64 * 1024,
  onProtoPoisoning: "remove",
  onConstructorPoisoning: "remove",
} as const;

/**
 * A stand-alone API instance for tests and tools (fastify/demo's `buildApp`): the API
 * at `/api/v1` and its docs at `/api/docs`, mounted as the host mounts them, with the
 * same router options; silent unless given a logger (`createLogger`). Never listens.
 */
export async function buildApp(deps: ApiDeps, options: { logger?: AppLogger | false } = {}): Promise<FastifyInstance> {
  // Fastify types an app by its logger's type; ours is a pino Logger, used as the base logger.
  const app: FastifyInstance = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    ...API_SERVER_OPTIONS,
    frameworkErrors: answerMalformedUrl,
  });
  await app.register(apiRootPlugin, { ...deps, prefix: API_ROOT });
  await app.ready();
  return app;
}
