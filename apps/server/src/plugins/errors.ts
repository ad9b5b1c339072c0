import { STATUS_CODES } from "node:http";
import { answerMalformedUrl, sayTo } from "@khayl/api/http/errors";
import { bodyRefusal, httpMessages } from "@khayl/api/http/messages";
import { errorEnvelope } from "@khayl/contract/envelope";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { resourceCsp } from "../csp.ts";

/**
 * Headers for the answers Fastify writes before any hook runs (a malformed URL such as
 * `/%`): the same protections helmet and the CSP hook give every other response.
 */
const FRAMEWORK_ERROR_HEADERS = {
  "content-security-policy": resourceCsp,
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
} as const;

/**
 * Fastify's `frameworkErrors` for the host: a URL that cannot be decoded, or a too-long
 * parameter, answers 400 with the API's envelope (the API's own `answerMalformedUrl`) and
 * the security headers, not Fastify's own body.
 */
export function answerFrameworkError(error: { message: string }, request: FastifyRequest, reply: FastifyReply) {
  return answerMalformedUrl(error, request, reply.headers(FRAMEWORK_ERROR_HEADERS));
}

/**
 * The error handler of the host's own scope (the API keeps its own, `registerErrorHandling`):
 * a client error raised before a page or file answers — e.g. a `Content-Encoding` that
 * @fastify/compress cannot decode, or a body over the limit — is that 4xx with the envelope
 * `{ success: false, statusCode, message }` (413 and 415 with the API's own messages,
 * `bodyRefusal`, in the language the request asks for, as the API answers them); anything
 * else is logged and answered 500 'Internal server error' (the API's message too), without
 * the error's own message.
 */
function answerHostError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const refusal = bodyRefusal(status);
    const message = refusal
      ? sayTo(request, refusal)
      : status === 400
        ? "Bad request"
        : (STATUS_CODES[status] ?? "Bad request");
    return reply.code(status).send(errorEnvelope(status, message));
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send(errorEnvelope(500, sayTo(request, httpMessages.internalError)));
}

/**
 * Outside the API (pages, probes, static files), errors that hooks or plugins raise are
 * answered with the same envelope the API gives, never Fastify's own body (fuzz.api.test.ts).
 */
export const hostErrors = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(answerHostError);
  },
  { name: "host-errors" },
);
