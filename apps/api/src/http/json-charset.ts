import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";
import { httpMessages } from "./messages.ts";

/** A JSON media type (`application/json`, `application/problem+json` …) and its `charset` parameter, if any. */
const JSON_TYPE = /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * A `preParsing` hook of the API (architecture §3.2): JSON is read as UTF-8 (RFC 8259 §8.1),
 * so a JSON body that says it is in another charset (`application/json; charset=utf-16`,
 * `latin1`) is 415 'Unsupported content type', as any other type no parser takes, rather
 * than misread (its non-ASCII letters would be stored as replacement characters). No
 * `charset`, `utf-8` in any case (`utf8` too) or `us-ascii` (a subset of it) is read; a
 * request without a body (a GET that names a type anyway) is not refused for its label.
 */
export async function refuseOtherJsonCharsets(request: FastifyRequest): Promise<void> {
  const type = request.headers["content-type"] ?? "";
  if (!JSON_TYPE.test(type)) return;
  const length = request.headers["content-length"];
  const hasBody = request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (hasBody && charset !== undefined && !READ_AS_UTF8.has(charset))
    throw new HttpError(415, httpMessages.unsupportedContentType);
}

/** The charsets a JSON body is read in: UTF-8's names, and ASCII, a subset of it. */
const READ_AS_UTF8 = new Set(["utf-8", "utf8", "us-ascii"]);
