import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { answerMalformedUrl, answerRouteNotFound } from "@khayl/api/http/errors";
import { type Language, languageOfHeader } from "@khayl/api/http/language";
import { clientErrorMessage, httpMessages } from "@khayl/api/http/messages";
import { translate } from "@khayl/api/i18n";
import { errorEnvelope } from "@khayl/contract/envelope";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { PRIVATE_PAGE_HEADERS } from "../page-answer.ts";
import { languageOfUrl } from "../url-language.ts";
import { HSTS } from "./security-headers.ts";

/**
 * The security headers of an answer written before any hook runs (`headersOutsideHooks`
 * of the host's configuration): each function here that writes one is given them.
 */
type Headers = Readonly<Record<string, string>>;

/**
 * The language of the host's own answers: Arabic when the `language` header asks for it (the
 * API's rule, product §7) or when the URL is under `/ar` (`languageOfUrl`, decision 016),
 * read from the raw URL, which a malformed one leaves undecoded; else English.
 */
function hostLanguage(request: FastifyRequest): Language {
  return languageOf(request.raw.url ?? "", request.headers.language);
}

/**
 * `hostLanguage`'s rule on a request's parts: Arabic when its `language` header asks for it
 * (`languageOfHeader`), else the language of its `url` (`languageOfUrl`).
 */
export function languageOf(url: string, languageHeader: string | string[] | undefined): Language {
  return languageOfHeader(languageHeader) === "ar" ? "ar" : languageOfUrl(url);
}

/**
 * Fastify's `frameworkErrors` for the host, given the security `headers`: a URL that cannot
 * be decoded, or a too-long parameter, answers 400 with the API's envelope (the API's own
 * `answerMalformedUrl`) and those headers, not Fastify's own body, in the host's language
 * (`hostLanguage`). HSTS too when the request came over TLS (`cameOverTls`).
 */
export function frameworkErrorAnswer(headers: Headers, behindProxy: boolean) {
  return (error: { message: string }, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    // Whatever page the URL would have named, perhaps a private one (`answerHostError`).
    reply.headers(PRIVATE_PAGE_HEADERS);
    if (cameOverTls(request, behindProxy)) reply.header("strict-transport-security", HSTS);
    return answerMalformedUrl(error, request, reply, hostLanguage(request));
  };
}

/**
 * Whether a request that reached `frameworkErrors` came over TLS: its own socket, or, behind
 * a proxy (`TRUST_PROXY` set), the last `X-Forwarded-Proto` saying https. Fastify gives that
 * handler a request without the `trustProxy` rule, so its `protocol` never reads the header;
 * the proxy's address is not checked here, which gains a client nothing: a browser ignores
 * HSTS on a plain-http answer (RFC 6797 §8.1).
 */
function cameOverTls(request: FastifyRequest, behindProxy: boolean): boolean {
  if ((request.raw.socket as { encrypted?: boolean } | null)?.encrypted) return true;
  const forwarded = request.headers["x-forwarded-proto"];
  const last = [forwarded].flat().join(",").split(",").at(-1)?.trim().toLowerCase();
  return behindProxy && last === "https";
}

/**
 * The error handler of the host's own scope (the API keeps its own, `registerErrorHandling`):
 * a client error raised before a page or file answers — e.g. a `Content-Encoding` that
 * @fastify/compress cannot decode, a body over the limit, a Host header that makes no
 * origin, a method no `Request` carries, a `Range` outside a static file — is that 4xx with the
 * envelope `{ success: false, statusCode, message }`, the API's message for it
 * (`clientErrorMessage`), in the host's language (`hostLanguage`), with a private page's
 * headers (`PRIVATE_PAGE_HEADERS`: the URL may be one) and the headers the error
 * names (a 416's `Content-Range`); anything else is logged
 * and answered 500 'Internal server error' (the API's message too), without the error's
 * own message.
 */
function answerHostError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  const language = hostLanguage(request);
  if (status >= 400 && status < 500) {
    // Raised before the page's rules were read: the URL may be a private page's, whose token
    // must not be kept, indexed or sent on (decision 019); an envelope loses nothing by it.
    reply.headers(PRIVATE_PAGE_HEADERS);
    // The headers the error carries belong to its answer: a 416's `Content-Range: bytes */size`.
    const headers = (error as FastifyError & { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    return reply.code(status).send(errorEnvelope(status, translate(clientErrorMessage(status), language)));
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send(errorEnvelope(500, translate(httpMessages.internalError, language)));
}

/**
 * The language of a request Node's parser refused, read from its raw bytes as far as they
 * go (`rawPacket`: what the parser was given when it failed, from the request line on when
 * the request came in one piece): Arabic when the request line's target is under `/ar` or a
 * `language` header asks for Arabic (`languageOf`, the rule of a request that was read);
 * English when the bytes are missing or say neither.
 */
function languageOfRawRequest(raw: unknown): Language {
  if (!Buffer.isBuffer(raw)) return "en";
  // Latin-1 maps each byte to one character: a target with invalid UTF-8 still reads.
  const head = raw.subarray(0, 16_384).toString("latin1").split("\r\n\r\n", 1)[0] ?? "";
  const [requestLine = "", ...headerLines] = head.split(/\r?\n/);
  const target = /^\S+[ \t]+(\S+)/.exec(requestLine)?.[1] ?? "";
  const asked = headerLines.find((line) => /^language[ \t]*:/i.test(line))?.replace(/^[^:]*:/, "");
  return languageOf(target, asked);
}

/**
 * The envelope of a 4xx answered before a request was read, as JSON: the API's message for
 * `status` (`clientErrorMessage`) in `language`.
 */
function unreadRequestBody(status: number, language: Language): string {
  return JSON.stringify(errorEnvelope(status, translate(clientErrorMessage(status), language)));
}

/**
 * A whole HTTP/1.1 answer with `status`, its envelope in `language` (`unreadRequestBody`),
 * the security `headers` and `Connection: close`: for what is written on a socket before a
 * request exists or while it is still arriving.
 */
export function rawErrorAnswer(status: number, language: Language, securityHeaders: Headers): string {
  const body = unreadRequestBody(status, language);
  const headers = {
    ...securityHeaders,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * The language of the request last read on each connection (`rememberLanguage`): Node raises
 * its own request timeout without the request's bytes, and its 408 must still speak the
 * language the request asked for.
 */
const connectionLanguages = new WeakMap<object, Language>();

/**
 * Records the language of `request` (`languageOf` its URL and `language` header) on its
 * connection, for an error Node raises there later (`clientErrorAnswer`); called for every
 * request read (slow-clients.ts).
 */
export function rememberLanguage(request: IncomingMessage): void {
  connectionLanguages.set(request.socket, languageOf(request.url ?? "", request.headers.language));
}

/**
 * Fastify's `clientErrorHandler` for the host, given the security `headers`: a request
 * Node's HTTP parser refuses (a method it does not know, a target without a leading `/`, a
 * control byte in the path or a header, two `Content-Length`s, headers over 16 KB, headers
 * that stop arriving) answers 400, 431 or 408 with the envelope and those headers
 * (`rawErrorAnswer`), not Fastify's bare JSON, in the language its bytes ask for
 * (`languageOfRawRequest`), or, for Node's own request timeout, which gives none, the
 * language its request asked for (`rememberLanguage`); the connection is then closed. A
 * reset connection is left alone.
 */
export function clientErrorAnswer(headers: Headers) {
  return (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const language =
      error.rawPacket === undefined ? (connectionLanguages.get(socket) ?? "en") : languageOfRawRequest(error.rawPacket);
    if (socket.writable) socket.end(rawErrorAnswer(status, language, headers));
    else socket.destroy();
  };
}

/**
 * The server's `checkExpectation` listener, given the security `headers`: a request with an
 * `Expect` header other than `100-continue` answers 417 in the envelope with those headers
 * (Node's own 417 has neither), in the host's language (`languageOf`), and its connection is
 * closed after the answer.
 */
export function failedExpectationAnswer(headers: Headers) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const body = unreadRequestBody(417, languageOf(request.url ?? "", request.headers.language));
    response.shouldKeepAlive = false;
    response.writeHead(417, {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
    });
    response.end(body);
  };
}

/**
 * Outside the API (pages, probes, static files), errors that hooks or plugins raise are
 * answered with the same envelope the API gives, never Fastify's own body (fuzz.api.test.ts);
 * so is a method no page route takes (PROPFIND, SEARCH…: Fastify routes them to no handler),
 * with the API's 404 'Route PROPFIND:/aboutus not found'.
 */
export const hostErrors = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(answerHostError);
    app.setNotFoundHandler(answerRouteNotFound);
  },
  { name: "host-errors" },
);

/**
 * What a request says about its own framing, where HTTP/1.1's parser lets through what a
 * proxy in front could read another way: each is 400 'Bad request' everywhere, API
 * included, rather than read one way here and another there.
 * - More than one Host header (RFC 9112 §3.2; Node keeps the first and drops the rest, so a
 *   page, a cache or a proxy could each read another).
 * - A request line claiming a version other than HTTP/1.x (`HTTP/2.0`, `HTTP/0.9` with
 *   headers): this server speaks HTTP/1.1 only (RFC 9112 §2.3; the RFC's 505 is a server
 *   error, and this is the client's).
 * - A `Transfer-Encoding` other than `chunked` alone (`gzip, chunked`: Node reads the chunks
 *   and would hand on a body still compressed, or the coding is ignored; RFC 9112 §6.1 has a
 *   server refuse a transfer coding it does not know, with a 501, a server error again), and
 *   any `Transfer-Encoding` on an HTTP/1.0 request, which has no transfer codings: a proxy
 *   reading it by its `Content-Length` would see another body (RFC 9112 §6.1 "faulty framing").
 * Registered after the security headers' plugin: its refusal is an answer like any other,
 * with all of them.
 */
export const refuseAmbiguousRequests = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, _reply, done) => {
      done(isAmbiguous(request.raw) ? Object.assign(new Error("Bad request"), { statusCode: 400 }) : undefined);
    });
  },
  { name: "refuse-ambiguous-requests", dependencies: ["security-headers"] },
);

/** Whether `request` breaks one of `refuseAmbiguousRequests`' rules. */
function isAmbiguous(request: IncomingMessage): boolean {
  if (request.httpVersionMajor !== 1) return true;
  const raw = request.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === "host") hosts++;
  if (hosts > 1) return true;
  const coding = request.headers["transfer-encoding"];
  if (coding === undefined) return false;
  return request.httpVersionMinor === 0 || coding.trim().toLowerCase() !== "chunked";
}
