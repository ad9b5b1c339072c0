import { type DataOf, type Endpoint, type HandlerInput, responseSchemaOf } from "@khayl/contract/endpoint";
import { errorEnvelopeSchema, validationErrorEnvelopeSchema } from "@khayl/contract/envelope";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { translate } from "../i18n.ts";
import { refuseCrossSiteBrowserRequests } from "./fetch-metadata.ts";
import { requestLanguage } from "./language.ts";
import { httpMessages } from "./messages.ts";

/** Error answers every route may give, described for the OpenAPI document. */
const invalidInputResponse = validationErrorEnvelopeSchema.describe(
  "Invalid input: the error envelope with one message per field",
);
const notFoundResponse = errorEnvelopeSchema.describe("Not found: the error envelope");

const errorResponse = (description: string) => errorEnvelopeSchema.describe(description);

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
 * OpenAPI document describes it. With `sameSiteOnly`, a browser request from another site
 * or for a subresource is refused with 403 before anything else runs, rate limits
 * included (`refuseCrossSiteBrowserRequests`). A `GET` that `changesState` gets no automatic
 * `HEAD` route: a `HEAD` of it is 405 (`answerUnroutedIn`) and runs nothing.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>, ctx: RouteContext) => Promise<DataOf<E>>,
  options: { config?: RouteShorthandOptions["config"]; statusCode?: number; sameSiteOnly?: boolean } = {},
): void {
  const statusCode = options.statusCode ?? 200;
  const rateLimited = Boolean((options.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const errorResponses = {
    400: invalidInputResponse,
    ...(options.sameSiteOnly
      ? { 403: errorResponse("A browser request from another site, or for an image, script or frame") }
      : {}),
    404: notFoundResponse,
    ...(endpoint.body
      ? {
          413: errorResponse(httpMessages.bodyTooLarge.message),
          415: errorResponse(`${httpMessages.unsupportedContentType.message} (send application/json)`),
        }
      : {}),
    ...(rateLimited
      ? { 429: errorResponse("Too many requests from this client: retry after the `retry-after` seconds") }
      : {}),
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
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: endpoint.binary
        ? { [statusCode]: binaryResponse(endpoint.binary, endpoint.summary), ...errorResponses }
        : {
            [statusCode]: responseSchemaOf(endpoint).describe(`Success: message '${endpoint.message?.message ?? ""}'`),
            ...errorResponses,
          },
    },
    handler: async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const input = { query: request.query, body: request.body, params: request.params } as HandlerInput<E>;
      const data = await handler(input, { request, reply });
      if (endpoint.binary) return reply;
      const message = translate(endpoint.message ?? httpMessages.ok, requestLanguage(request));
      return reply.code(statusCode).send({ success: true, statusCode, message, data });
    },
  });
}
