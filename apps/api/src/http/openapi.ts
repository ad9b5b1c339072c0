import swagger, { type SwaggerTransform } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { errorEnvelopeSchema } from "@khayl/contract/envelope";
import type { FastifyInstance, FastifySchema } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * Content-Security-Policy of the interactive docs (`/api/docs`, its assets and the JSON
 * document). Swagger UI loads its own script and style files from the same origin and
 * calls the API from the page ("Try it out"); nothing inline, nothing from elsewhere.
 * The rest of the site keeps its own policies (apps/server/src/csp.ts).
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The key of a route's `schema` that lists the statuses whose answers carry `retry-after`
 * (`registerEndpoint` sets it: a rate limit's 429, an unreachable database's 503). Not a
 * Fastify keyword: the document's transform reads it and documents the header on each of
 * those answers (zod's conversion keeps no response headers).
 */
export const RETRY_AFTER_ANSWERS = "x-retry-after";

/** The `retry-after` header of a 429 or 503, as the document describes it. */
const RETRY_AFTER_HEADER = {
  type: "integer",
  minimum: 1,
  description: "Seconds to wait before asking again",
};

/** The `location` header of a `303 See Other` (a `redirect` endpoint's success), as the document describes it. */
const LOCATION_HEADER = {
  type: "string",
  description: "The path of the page on this site the browser is sent to",
};

/** The 429 of the host's budget of API reads per client (decision 022), on every GET it counts. */
const tooManyReadsResponse = errorEnvelopeSchema.describe(
  "Too many reads from this client (the host's budget of API reads per minute): retry after the `retry-after` seconds",
);

type RouteSchema = FastifySchema & { response?: Record<string, unknown>; [RETRY_AFTER_ANSWERS]?: readonly number[] };

/**
 * A route's `schema` as the document describes it (decision 031): with the read budget's 429
 * when `readsLimited` and the route (`method`) is a GET that lists no 429 of its own, and
 * without `RETRY_AFTER_ANSWERS`, whose statuses (plus that 429) are answered apart as
 * `retryAfter`: the answers that carry `retry-after`.
 */
function documentedSchema(
  schema: RouteSchema,
  method: string | string[],
  readsLimited: boolean,
): { schema: FastifySchema; retryAfter: readonly number[] } {
  const { [RETRY_AFTER_ANSWERS]: retryAfter = [], ...rest } = schema;
  const isGet = [method].flat().includes("GET");
  if (!readsLimited || !isGet || !rest.response || "429" in rest.response) return { schema: rest, retryAfter };
  return {
    schema: { ...rest, response: { ...rest.response, 429: tooManyReadsResponse } },
    retryAfter: [...retryAfter, 429],
  };
}

/**
 * Zod → JSON Schema for every route, each answer that carries `retry-after` documented with
 * it, a 303 with its `location`, and the read budget's 429 on every GET when the host counts API reads (`readsLimited`,
 * decision 031). Wildcard fallbacks (unknown-path 404s) are not operations.
 */
function transformOf(readsLimited: boolean): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  return (document) => {
    if (document.url.endsWith("*")) return { schema: { hide: true }, url: document.url };
    if (!document.schema) return zodTransform(document);
    const { schema, retryAfter } = documentedSchema(
      document.schema as RouteSchema,
      document.route.method,
      readsLimited,
    );
    const transformed = zodTransform({ ...document, schema });
    const responses = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
    for (const status of retryAfter) {
      const response = responses[status];
      if (response) response.headers = { "retry-after": RETRY_AFTER_HEADER };
    }
    const seeOther = responses[303];
    if (seeOther) seeOther.headers = { location: LOCATION_HEADER };
    return transformed;
  };
}

export interface OpenApiOptions {
  /** Document title, e.g. 'Khayl Logistics API'. */
  title: string;
  /** The versioned API root the paths are relative to, e.g. `/api/v1`. */
  serverUrl: string;
  /** Document version. */
  version: string;
  /**
   * Whether the host counts each client's API GETs against a budget and answers 429 with
   * `retry-after` past it (decision 022): every GET then lists that answer. Default false
   * (the API alone, e.g. `buildApp`, counts no reads).
   */
  readsLimited?: boolean;
}

/**
 * Collects every route registered after it in this scope and its children (the
 * `onRoute` hook of @fastify/swagger) into one OpenAPI 3.1 document, converting each
 * route's zod schemas (query, params, body, responses) with fastify-type-provider-zod.
 * Routes of `registerEndpoint` carry summary and tags from their contract endpoint, so a
 * new module appears in the document without extra work. Call before registering routes.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: options.title,
        version: options.version,
        description:
          "The provider API the website reads from (product §7). Every answer is the envelope " +
          "`{ success, statusCode, message, data }`; lists carry `data.rows` and `data.count`; " +
          "errors are `{ success: false, statusCode, message }`. Send `language: en`.\n\n" +
          "Each operation lists the answers it gives; a 429 or 503 carries `retry-after` (seconds). " +
          "Two answers are no operation's own: a path asked with a method it does not serve answers " +
          "405 'Method not allowed' with `Allow` naming the methods it does serve, and a failure of " +
          "the server's own answers 500 'Internal server error' (details only in its log).",
      },
      servers: [{ url: options.serverUrl }],
      // No call takes credentials (product §6: no roles, every call is public; an invoice
      // link carries its own token, the Stripe webhook its signature). Declared empty so
      // clients and linters know it is meant, not forgotten.
      security: [],
    },
    transform: transformOf(options.readsLimited ?? false),
  });
}

/**
 * The interactive docs (Swagger UI) at `{prefix}{routePrefix}` with the JSON document at
 * `…/json`, under `API_DOCS_CSP`; an answer that names no Cache-Control gets `no-cache`.
 * `prefix` is the path of the scope it is registered in (Swagger UI needs it for its asset
 * links when the page is opened without a trailing slash).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { prefix: string; routePrefix: string; title: string },
): Promise<void> {
  await app.register(async (docs) => {
    // Every answer of the docs says how it may be kept: without a Cache-Control a browser or
    // proxy may keep the page and the document by heuristics, past a deployment that changed
    // them. `no-cache` revalidates each time; Swagger UI's own files keep their ETags.
    docs.addHook("onSend", async (_request, reply, payload) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
      return payload;
    });
    await docs.register(swaggerUi, {
      routePrefix: options.routePrefix,
      indexPrefix: options.prefix,
      staticCSP: API_DOCS_CSP,
      // BaseLayout: no top bar (its Swagger logo is an SVG with an inline <style> that
      // API_DOCS_CSP would block, and the URL box is not needed for our one document).
      uiConfig: { layout: "BaseLayout", deepLinking: true, displayRequestDuration: true },
      theme: { title: options.title },
    });
  });
}
