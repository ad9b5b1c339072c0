import { errorEnvelope } from "@khayl/contract/envelope";
import { invalidText, repeatedText, requiredText } from "@khayl/contract/fields";
import { type Message, messageOfText } from "@khayl/contract/messages";
import { isDatabaseUnavailable, isResourceExhausted } from "@khayl/db/client";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import FindMyWay from "find-my-way";
import { translate, translateText } from "../i18n.ts";
import { type Language, requestLanguage } from "./language.ts";
import { bodyRefusal, httpMessages, routeNotFound } from "./messages.ts";
import { createOutageLog, databaseOutagesOf } from "./outage-log.ts";

/**
 * An error a service throws to answer the client with a 4xx envelope
 * `{ success: false, statusCode, message }` (never a stack trace), and `headers` on the
 * answer (e.g. a 429's `retry-after`); with a `field`, the envelope also lists it in `errors`. `answer` is a message of the catalogue (decision
 * 027), answered in the request's language; `message` is its English, for the log.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly answer: Message;
  readonly headers: Readonly<Record<string, string>>;
  /** The request field the answer is about, listed in the envelope's `errors` as a validation error's are. */
  readonly field: string | undefined;
  constructor(statusCode: number, answer: Message, headers: Record<string, string> = {}, field?: string) {
    super(translate(answer, "en"));
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.answer = answer;
    this.headers = headers;
    this.field = field;
  }
}

/**
 * Fastify's `frameworkErrors` for a stand-alone API, and the host's (which adds its security
 * headers and chooses the language first): a URL that cannot be decoded (e.g. `/api/v1/%`),
 * or a too-long parameter, answers 400 with the envelope instead of Fastify's own body, in
 * `language` (default: the one the request's `language` header asks for, product §7).
 */
export function answerMalformedUrl(
  _error: { message: string },
  request: FastifyRequest,
  reply: FastifyReply,
  language: Language = requestLanguage(request),
) {
  return reply.code(400).send(errorEnvelope(400, translate(httpMessages.malformedUrl, language)));
}

/**
 * `message` in the language `request` asks for (its `language` header, product §7): how the
 * API writes a catalogue message into an envelope (the host also reads the path: `hostLanguage`).
 */
function sayTo(request: FastifyRequest, message: Message): string {
  return translate(message, requestLanguage(request));
}

/** One field's validation problem, as listed in a 400 envelope's `errors`. */
interface FieldError {
  field: string;
  message: string;
}

/** The request's input a validation error is about: its body, query string or path parameters. */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  if (context === "body") return request.body;
  if (context === "querystring") return request.query;
  if (context === "params") return request.params;
  return undefined;
}

/** Whether the value at `instancePath` (`/paymentMethod/card`) of `input` is absent or `null`. */
function isMissingAt(input: unknown, instancePath: string): boolean {
  let value = input;
  for (const key of instancePath.split("/").slice(1)) {
    if (typeof value !== "object" || value === null) return true;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined || value === null;
}

/**
 * The fields a validation error names, each once (zod may report one problem twice), with
 * the contract's message: a query field that takes one value but was given several
 * (`?type=import&type=export`, which the query parser reads as a list) says so
 * (`repeatedText`) rather than zod's 'expected string, received array'. A problem the
 * schema gave no message of the contract's for (zod's own English, which no catalogue
 * translates) is '{field} is required' (`requiredText`) when the field was not given
 * (absent or `null`: `{}` to the Stripe webhook), as every required field without words of
 * product §5 reads (product §8), and '{field} is not valid' (`invalidText`) otherwise
 * (`"sourceIsApp": "yes"`).
 */
function fieldErrors(error: FastifyError, request: FastifyRequest): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const query = (request.query ?? {}) as Record<string, unknown>;
  const input = validatedInput(request, error.validationContext);
  const errors = error.validation.map((v) => {
    const field = v.instancePath.replace(/^\//, "").replace(/\//g, ".");
    // The whole body has the wrong shape (a string, an array, `null`): say so plainly.
    if (field === "" && error.validationContext === "body")
      return { field: "body", message: httpMessages.bodyNotObject.message };
    const wrongShape = v.keyword === "invalid_type" || v.keyword === "invalid_value";
    if (error.validationContext === "querystring" && wrongShape && Array.isArray(query[field]))
      return { field, message: repeatedText(field) };
    if (v.message && messageOfText(v.message)) return { field, message: v.message };
    if (!field) return { field, message: httpMessages.invalidValue.message };
    return { field, message: isMissingAt(input, v.instancePath) ? requiredText(field) : invalidText(field) };
  });
  return errors.filter((e, at) => errors.findIndex((o) => o.field === e.field && o.message === e.message) === at);
}

/** The `retry-after` of that 503, in seconds. */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * Error and not-found handlers of the API scope: validation errors become 400 with the
 * schema's messages (joined) and a per-field `errors` list; a service's `HttpError`
 * keeps its status and message (4xx or 5xx); other client errors keep their status; an
 * error of a database that cannot be reached, or is out of disk space or memory
 * (`isDatabaseUnavailable`), is 503 "Service
 * temporarily unavailable" with `retry-after: 5` (decision 023); anything else is logged
 * and answered 500 with a generic message. Every message is in
 * the request's language (`language: ar`), from the catalogue (decisions 016, 027). The
 * database's errors are logged by outage (`createOutageLog`): the first with its error,
 * then a count a minute, then the end; any other error is logged with each request. Given
 * the `db` the routes read, those outages are the database's own (`databaseOutagesOf`),
 * shared with the mail worker and the retention round, so the end of an outage is logged
 * only once none of them fails.
 */
export function registerErrorHandling(app: FastifyInstance, db?: object): void {
  const outages = db
    ? databaseOutagesOf(db, app.log)
    : {
        unreachable: createOutageLog({ log: app.log, name: "the database is unreachable" }),
        exhausted: createOutageLog({ log: app.log, name: "the database is out of disk space or memory" }),
      };
  app.addHook("onClose", async () => {
    outages.unreachable.close();
    outages.exhausted.close();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const say = (message: Message) => sayTo(request, message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error, request).map((e) => ({
        field: e.field,
        message: translateText(e.message, language),
      }));
      // Messages written as sentences ("Card number is incomplete.") lose their full stop
      // inside the list, as a list reads: "…incomplete, …" and "…مكتمل، …", never ".،".
      const messages = [...new Set(errors.map((e) => e.message))];
      const message = messages
        .map((text, at) => (at < messages.length - 1 ? text.replace(/\.$/, "") : text))
        .join(say(httpMessages.listSeparator));
      return reply.code(400).send({ ...errorEnvelope(400, message), errors });
    }
    // @fastify/rate-limit throws the plain envelope object its errorResponseBuilder made.
    // A service's HttpError is a deliberate answer (e.g. 503 from the health check): any status.
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      reply.headers(error.headers);
      const message = say(error.answer);
      const errors = error.field ? { errors: [{ field: error.field, message }] } : {};
      return reply.code(error.statusCode).send({ ...errorEnvelope(error.statusCode, message), ...errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refusal = bodyRefusal(status);
      const message = refusal
        ? say(refusal)
        : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
            error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
            error.name === "SyntaxError"
          ? say(httpMessages.invalidJson)
          : error.code === "FST_CP_ERR_INVALID_CONTENT" // @fastify/compress, in the host
            ? say(httpMessages.undecodableBody)
            : translateText(error.message, language);
      const headers = (error as FastifyError & { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply.code(status).send(errorEnvelope(status, message));
    }
    // PostgreSQL is away (refused, cut, timed out, restarting), or the database is out of
    // disk space or memory (a full DATA_DIR): a fast 503 the client may retry, not a 500
    // (decision 023).
    if (isDatabaseUnavailable(error)) {
      if (isResourceExhausted(error))
        outages.exhausted.failed(request.log, error, "the database is out of disk space or memory");
      else outages.unreachable.failed(request.log, error, "the database is unreachable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_S))
        .header("cache-control", "no-store")
        .send(errorEnvelope(503, say(httpMessages.serviceUnavailable)));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorEnvelope(500, say(httpMessages.internalError)));
  });
  const answerUnrouted = answerUnroutedIn(routeTable(app));
  app.setNotFoundHandler(answerUnrouted);
  // A host may mount a catch-all page route at `/*`; this keeps unknown API paths in the API.
  app.all("/*", answerUnrouted);
}

/** The methods a client can send to an API route, in the order an `Allow` header lists them. */
const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * A second router that learns every route `app` registers from now on (its `onRoute` hook),
 * without handlers, so that a request no route took can ask which methods its path does
 * take. Catch-alls (`/*`) are left out: they answer the unrouted themselves.
 */
function routeTable(app: FastifyInstance) {
  const table = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook("onRoute", (route) => {
    if (route.url.endsWith("*")) return;
    for (const written of [route.method].flat()) {
      const method = written.toUpperCase() as FindMyWay.HTTPMethod;
      if (!table.hasRoute(method, route.url)) table.on(method, route.url, () => undefined);
    }
  });
  return table;
}

/**
 * The not-found answer of the API's scope: a path a route serves with other methods is 405
 * 'Method not allowed' with `Allow` listing them (e.g. `OPTIONS /api/v1/health`, or `GET` of
 * the alerts' one-click POST, RFC 9110 §15.5.6); any other is `answerRouteNotFound`'s 404.
 */
function answerUnroutedIn(table: ReturnType<typeof routeTable>) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = ROUTE_METHODS.filter((method) => table.find(method, request.url) !== null);
    if (allowed.length === 0) return answerRouteNotFound(request, reply);
    return reply
      .code(405)
      .header("allow", allowed.join(", "))
      .send(errorEnvelope(405, sayTo(request, httpMessages.methodNotAllowed)));
  };
}

/**
 * 404 in the envelope for a method and path no route serves: 'Route GET:/api/v1/nope not
 * found', in the language the request asks for. The API's answer to a path none of its
 * routes serves (`answerUnroutedIn`), and the host's for a method no page takes (PROPFIND,
 * SEARCH…: apps/server's `hostErrors`).
 */
export function answerRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const message = routeNotFound(request.method, request.url.split("?")[0] ?? "");
  return reply.code(404).send(errorEnvelope(404, translate(message, requestLanguage(request))));
}
