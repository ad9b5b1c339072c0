import { defineMessages, type Message } from "@khayl/contract/messages";

/**
 * The API's own messages (decision 027): answers to requests it cannot read or route and
 * to failures of its own, in the catalogue with the contract's messages.
 */
export const httpMessages = defineMessages({
  malformedUrl: /*i18n*/ { id: "http.malformedUrl", message: "Malformed request URL" },
  bodyNotObject: /*i18n*/ { id: "http.bodyNotObject", message: "Request body must be a JSON object" },
  bodyTooLarge: /*i18n*/ { id: "http.bodyTooLarge", message: "Request body is too large" },
  unsupportedContentType: /*i18n*/ { id: "http.unsupportedContentType", message: "Unsupported content type" },
  invalidJson: /*i18n*/ { id: "http.invalidJson", message: "Request body is not valid JSON" },
  internalError: /*i18n*/ { id: "http.internalError", message: "Internal server error" },
  serviceUnavailable: /*i18n*/ { id: "http.serviceUnavailable", message: "Service temporarily unavailable" },
  invalidValue: /*i18n*/ { id: "http.invalidValue", message: "Invalid value" },
  /** The success message of an endpoint that names none (only `binary` ones, which send no envelope). */
  ok: /*i18n*/ { id: "http.ok", message: "OK" },
  /** Between the messages of a 400 answer's fields. */
  listSeparator: /*i18n*/ { id: "http.listSeparator", message: ", " },
  databaseUnreachable: /*i18n*/ { id: "http.databaseUnreachable", message: "Database unreachable" },
  badRequest: /*i18n*/ { id: "http.badRequest", message: "Bad request" },
  methodNotAllowed: /*i18n*/ { id: "http.methodNotAllowed", message: "Method not allowed" },
  requestTimeout: /*i18n*/ { id: "http.requestTimeout", message: "The request took too long to arrive" },
  expectationFailed: /*i18n*/ { id: "http.expectationFailed", message: "Expectation not supported" },
  headersTooLarge: /*i18n*/ { id: "http.headersTooLarge", message: "Request headers are too large" },
  rangeNotSatisfiable: /*i18n*/ { id: "http.rangeNotSatisfiable", message: "Requested range not satisfiable" },
  preconditionFailed: /*i18n*/ { id: "http.preconditionFailed", message: "Precondition failed" },
  undecodableBody: /*i18n*/ { id: "http.undecodableBody", message: "Request body could not be decoded" },
});

/** 400 of a request with U+0000 in a field: 'fullName must not contain the NUL character'. */
export function nulCharacter(field: string): Message {
  const source = /*i18n*/ { id: "http.nulCharacter", message: "{field} must not contain the NUL character" };
  return { ...source, values: { field } };
}

/** 404 of a path the API does not serve: 'Route GET:/api/v1/nope not found'. */
export function routeNotFound(method: string, path: string): Message {
  const source = /*i18n*/ { id: "http.routeNotFound", message: "Route {method}:{path} not found" };
  return { ...source, values: { method, path } };
}

/**
 * The message of a client error Fastify raises before a route reads the body: 413 for a
 * body over the limit, 415 for a content type or encoding no parser takes; undefined for
 * any other status. The API's error handler and the host's (apps/server/src/plugins/errors.ts)
 * answer with it, and the OpenAPI document describes those answers with its English, so
 * each text is written once (decision 027).
 */
export function bodyRefusal(status: number): Message | undefined {
  return status === 413 ? httpMessages.bodyTooLarge : status === 415 ? httpMessages.unsupportedContentType : undefined;
}

/**
 * The message of a 4xx the host answers outside the API's routes (apps/server): a body
 * refused (`bodyRefusal`), a method no page takes (405), a request cut off or refused before
 * routing (408, 417, 431), a `Range` outside a static file (416), a condition a static file
 * fails (`If-Match`, 412); 'Bad request' for any other.
 */
export function clientErrorMessage(status: number): Message {
  const byStatus: Partial<Record<number, Message>> = {
    405: httpMessages.methodNotAllowed,
    408: httpMessages.requestTimeout,
    412: httpMessages.preconditionFailed,
    416: httpMessages.rangeNotSatisfiable,
    417: httpMessages.expectationFailed,
    431: httpMessages.headersTooLarge,
  };
  return bodyRefusal(status) ?? byStatus[status] ?? httpMessages.badRequest;
}
