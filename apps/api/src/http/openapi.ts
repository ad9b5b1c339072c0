import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
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

/** Zod → JSON Schema for every route; wildcard fallbacks (unknown-path 404s) are not operations. */
const zodTransform = createJsonSchemaTransform({ skipList: [] });
const transform: typeof zodTransform = (document) => {
  if (document.url.endsWith("*")) return { schema: { hide: true }, url: document.url };
  return zodTransform(document);
};

export interface OpenApiOptions {
  /** Document title, e.g. 'Khayl Logistics API'. */
  title: string;
  /** The versioned API root the paths are relative to, e.g. `/api/v1`. */
  serverUrl: string;
  /** Document version. */
  version: string;
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
          "errors are `{ success: false, statusCode, message }`. Send `language: en`.",
      },
      servers: [{ url: options.serverUrl }],
      // No call takes credentials (product §6: no roles, every call is public; an invoice
      // link carries its own token, the Stripe webhook its signature). Declared empty so
      // clients and linters know it is meant, not forgotten.
      security: [],
    },
    transform,
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
