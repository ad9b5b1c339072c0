import { type DataOf, type Endpoint, type HandlerInput, responseSchemaOf } from "@khayl/contract/endpoint";
import { errorEnvelopeSchema, validationErrorEnvelopeSchema } from "@khayl/contract/envelope";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { translate } from "../i18n.ts";
import { refuseCrossSiteBrowserRequests } from "./fetch-metadata.ts";
import { requestLanguage } from "./language.ts";
import { httpMessages } from "./messages.ts";
import { RETRY_AFTER_ANSWERS } from "./openapi.ts";

/** Error answers every route may give, described for the OpenAPI document. */
const invalidInputResponse = validationErrorEnvelopeSchema.describe(
  "Invalid input: the error envelope with one message per field",
);
const notFoundResponse = errorEnvelopeSchema.describe("Not found: the error envelope");

const errorResponse = (description: string) => errorEnvelopeSchema.describe(description);
const tooManyRequestsResponse = errorResponse(
  "Too many requests from this client: retry after the `retry-after` seconds",
);
const databaseUnavailableResponse = errorResponse(
  `${httpMessages.serviceUnavailable.message}: the database cannot be reached; retry after the \`retry-after\` seconds`,
);

/**
 * The success answer of a `redirect` endpoint: `303 See Other` without a body (a JSON
 * Schema `null` has no content in the document); the document's transform adds its
 * `location` header (`registerOpenApi`).
 */
const seeOtherResponse = (description: string) => z.null().describe(description);

/** A success answer of `contentType` bytes (documented as a binary string). */
function binaryResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: "binary" }) } } };
}

export interface RouteContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers an API route from its contract endpoint (conventions §3: thin routes): the
 * endpoint's query/body/params schemas validate input, the handler answers `data`,
 * and the route wraps it in the success envelope `{ success, statusCode, message, data }`
 * serialised through the endpoint's response schema (unknown columns cannot leak).
 * For `binary` endpoints the handler sends the reply itself (bytes or a stream, which
 * Fastify never serialises); their success answer is declared by content type so the
 * OpenAPI document describes it. A `redirect` endpoint's handler answers `{ location }`,
 * which the route answers as `303 See Other` to that path, with no body. With `sameSiteOnly`, a browser request from another site
 * or for a subresource is refused with 403 before anything else runs, rate limits
 * included (`refuseCrossSiteBrowserRequests`). A `GET` that `changesState` gets no automatic
 * `HEAD` route: a `HEAD` of it is 405 (`answerUnroutedIn`) and runs nothing.
 *
 * The OpenAPI document lists every answer the route gives (decision 031): the success, 400,
 * 404, 403 when `sameSiteOnly`, 413/415 for a POST (its body is read), 429 with a rate
 * limit, 503 unless `usesDatabase` is false (an unreachable database, decision 023), and the
 * endpoint's own `errors` (which replace a status above); the 429 and 503 with their
 * `retry-after` header.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>, ctx: RouteContext) => Promise<DataOf<E>>,
  options: {
    config?: RouteShorthandOptions["config"];
    statusCode?: number;
    sameSiteOnly?: boolean;
    /** False for a route that answers without the database (from the configuration): it never answers 503. */
    usesDatabase?: boolean;
  } = {},
): void {
  const statusCode = options.statusCode ?? 200;
  const rateLimited = Boolean((options.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const usesDatabase = options.usesDatabase ?? true;
  // The answers that carry `retry-after`, unless the endpoint describes that status itself.
  const retryAfter = [...(rateLimited ? [429] : []), ...(usesDatabase ? [503] : [])].filter(
    (status) => !(endpoint.errors && status in endpoint.errors),
  );
  const errorResponses = {
    400: invalidInputResponse,
    ...(options.sameSiteOnly
      ? { 403: errorResponse("A browser request from another site, or for an image, script or frame") }
      : {}),
    404: notFoundResponse,
    // Any POST has its body read, whether or not the call takes one (the one-click link's form).
    ...(endpoint.method === "POST"
      ? {
          413: errorResponse(httpMessages.bodyTooLarge.message),
          415: errorResponse(
            endpoint.body
              ? `${httpMessages.unsupportedContentType.message} (send application/json)`
              : httpMessages.unsupportedContentType.message,
          ),
        }
      : {}),
    ...(rateLimited ? { 429: tooManyRequestsResponse } : {}),
    ...(usesDatabase ? { 503: databaseUnavailableResponse } : {}),
    ...Object.fromEntries(
      Object.entries(endpoint.errors ?? {}).map(([status, meaning]) => [status, errorResponse(meaning)]),
    ),
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    exposeHeadRoute: !endpoint.changesState,
    config: options.config,
    // Before the rate limit's own onRequest hook, which @fastify/rate-limit appends after it.
    ...(options.sameSiteOnly ? { onRequest: [refuseCrossSiteBrowserRequests] } : {}),
    schema: {
      [RETRY_AFTER_ANSWERS]: retryAfter,
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: endpoint.redirect
        ? { 303: seeOtherResponse(endpoint.redirect), ...errorResponses }
        : endpoint.binary
          ? { [statusCode]: binaryResponse(endpoint.binary, endpoint.summary), ...errorResponses }
          : {
              [statusCode]: responseSchemaOf(endpoint).describe(
                `Success: message '${endpoint.message?.message ?? ""}'`,
              ),
              ...errorResponses,
            },
    },
    handler: async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const input = { query: request.query, body: request.body, params: request.params } as HandlerInput<E>;
      const data = await handler(input, { request, reply });
      if (endpoint.binary) return reply;
      if (endpoint.redirect) return reply.redirect((data as { location: string }).location, 303);
      const message = translate(endpoint.message ?? httpMessages.ok, requestLanguage(request));
      return reply.code(statusCode).send({ success: true, statusCode, message, data });
    },
  });
}
