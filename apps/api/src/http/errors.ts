import { errorEnvelope } from "@khayl/contract/envelope";
import { isDatabaseUnavailable } from "@khayl/db/client";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { requestLanguage } from "./language.ts";
import { localizeMessage } from "./messages-ar.ts";

/**
 * An error a service throws to answer the client with a 4xx envelope
 * `{ success: false, statusCode, message }` (never a stack trace), and `headers` on the
 * answer (e.g. a 429's `retry-after`).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/**
 * Fastify's `frameworkErrors` for a stand-alone API, and the host's (which adds its security
 * headers first): a URL that cannot be decoded (e.g. `/api/v1/%`), or a too-long parameter,
 * answers 400 with the envelope instead of Fastify's own body.
 */
export function answerMalformedUrl(_error: { message: string }, _request: FastifyRequest, reply: FastifyReply) {
  return reply.code(400).send(errorEnvelope(400, "Malformed request URL"));
}

/** One field's validation problem, as listed in a 400 envelope's `errors`. */
interface FieldError {
  field: string;
  message: string;
}

function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => {
    const field = v.instancePath.replace(/^\//, "").replace(/\//g, ".");
    // The whole body has the wrong shape (a string, an array, `null`): say so plainly.
    if (field === "" && error.validationContext === "body")
      return { field: "body", message: "Request body must be a JSON object" };
    return { field, message: v.message ?? "Invalid value" };
  });
}

/** The message of a 503 answered while the database cannot be reached. */
const SERVICE_UNAVAILABLE = "Service temporarily unavailable";
/** The `retry-after` of that 503, in seconds. */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * Error and not-found handlers of the API scope: validation errors become 400 with the
 * schema's messages (joined) and a per-field `errors` list; a service's `HttpError`
 * keeps its status and message (4xx or 5xx); other client errors keep their status; an
 * error of a database that cannot be reached (`isDatabaseUnavailable`) is 503 "Service
 * temporarily unavailable" with `retry-after: 5` (decision 023); anything else is logged
 * and answered 500 with a generic message. Every message is in
 * the request's language (`language: ar`: `localizeMessage`, decision 016).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const say = (message: string) => localizeMessage(message, language);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error).map((e) => ({ field: e.field, message: say(e.message) }));
      const message = [...new Set(errors.map((e) => e.message))].join(language === "ar" ? "، " : ", ");
      return reply.code(400).send({ ...errorEnvelope(400, message), errors });
    }
    // @fastify/rate-limit throws the plain envelope object its errorResponseBuilder made.
    // A service's HttpError is a deliberate answer (e.g. 503 from the health check): any status.
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorEnvelope(error.statusCode, say(error.message)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? "Request body is too large"
          : status === 415
            ? "Unsupported content type"
            : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.name === "SyntaxError"
              ? "Request body is not valid JSON"
              : error.message;
      const headers = (error as FastifyError & { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply.code(status).send(errorEnvelope(status, say(message)));
    }
    // PostgreSQL is away (refused, cut, timed out, restarting): a fast 503 the client may
    // retry, not a 500 (decision 023).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "the database is unreachable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_S))
        .header("cache-control", "no-store")
        .send(errorEnvelope(503, say(SERVICE_UNAVAILABLE)));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorEnvelope(500, say("Internal server error")));
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .send(
        errorEnvelope(
          404,
          localizeMessage(`Route ${request.method}:${request.url.split("?")[0]} not found`, requestLanguage(request)),
        ),
      );
  app.setNotFoundHandler(notFound);
  // A host may mount a catch-all page route at `/*`; this keeps unknown API paths in the API.
  app.all("/*", notFound);
}
