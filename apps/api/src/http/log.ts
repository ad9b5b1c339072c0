import type { FastifyRequest } from "fastify";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

/**
 * Logs without personal data (architecture §2, production): what the process writes to its
 * log never carries query parameters, e-mail addresses, phone numbers, invoice link
 * tokens or verification codes. Errors are rebuilt from a whitelist of fields (database
 * errors keep their code, constraint and table, never the values or the row), request
 * lines keep the method and path with the tokens and query values masked, and every
 * message and every field of a logged object passes through `scrubPersonalData` (paths
 * through `safeUrl`) as a last net.
 *
 * The one deliberate exception is the demo's file outbox, which logs the recipient and
 * code of a mail it writes to disk so that a newcomer can finish the deletion flow (only
 * possible on the local demo: a public deployment must set SMTP_URL).
 */

/**
 * An e-mail address. A match starts only where a run of address characters starts (the
 * lookbehind): without it, a long run with no `@` (a request path of 8 000 letters, which
 * anyone can send) was scanned again from each of its characters, quadratic work in every
 * log line of that request (decision 029).
 */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A phone number: an optional +, then 9 or more digits with single spaces, dots, dashes or brackets between. */
const PHONE = /\+?\(?\d(?:[\s.()-]?\d){8,}/g;
/** A random token (invoice link, client secret): 32+ base64url characters with digits and capitals. */
const TOKEN = /[A-Za-z0-9_-]{32,}/g;

/** Masks e-mail addresses and random tokens in free text. */
function scrubAddressesAndTokens(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(TOKEN, (match) => (/[0-9]/.test(match) && /[A-Z]/.test(match) ? "[token]" : match));
}

/** Masks e-mail addresses, phone numbers and random tokens in free text. */
export function scrubPersonalData(text: string): string {
  return scrubAddressesAndTokens(text).replace(PHONE, "[number]");
}

/** Error fields that describe what failed without carrying the data that failed. */
const SAFE_ERROR_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "constraint",
  "table",
  "column",
  "schema",
  "routine",
  "errno",
  "syscall",
  "validationContext",
] as const;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === "object" && value !== null && "message" in value && "stack" in value;
}

/**
 * The message of an error without the values it carries: Drizzle's `Failed query: …
 * params: …` keeps the SQL text (values are always bound parameters) and drops the
 * parameters; PostgreSQL's `…: "value"` endings are masked; then `scrubPersonalData`.
 */
function safeMessage(error: ErrorLike): string {
  const raw = String(error.message ?? "");
  const message =
    raw.startsWith("Failed query: ") && typeof error.query === "string"
      ? `Failed query: ${error.query}`
      : raw.replace(/\nparams: [\s\S]*$/, "").replace(/: "[^"]*"$/, ': "…"');
  return scrubPersonalData(message);
}

/** Serialised form of an error in the log (`err`). */
interface SafeSerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeSerializedError | unknown;
  [field: string]: unknown;
}

/**
 * Pino's `err` serializer for this product: type, safe message, the stack's frames under
 * that message, the whitelisted fields of `SAFE_ERROR_FIELDS` and the same for each
 * `cause` (5 deep). Never the error's own enumerable data (Drizzle's `params`,
 * PostgreSQL's `detail` with the failing row).
 */
function serializeError(value: unknown, depth = 0): SafeSerializedError | unknown {
  if (!isErrorLike(value)) return typeof value === "string" ? scrubPersonalData(value) : value;
  const type =
    typeof value.constructor === "function" && value.constructor.name !== "Object"
      ? value.constructor.name
      : String(value.name ?? "Error");
  const message = safeMessage(value);
  const frames = String(value.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line));
  const out: SafeSerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join("\n") };
  for (const field of SAFE_ERROR_FIELDS) if (value[field] !== undefined) out[field] = value[field];
  if (value.cause !== undefined && depth < 5) out.cause = serializeError(value.cause, depth + 1);
  return out;
}

/** Query parameters whose values are shown in request logs (filters and paging, never personal). */
const SHOWN_QUERY_KEYS = new Set([
  "discipline",
  "type",
  "limit",
  "offset",
  "showOnWebsite",
  "eventDisciplines",
  "step",
  "show",
]);

/**
 * A query key logged as sent (a parameter's name: `utm_source`, `step`); any other key is
 * masked as its value is: a key can be what a visitor or a link carried in place of a
 * parameter (`?layla@example.com`, `?+971501234567`, `?<an invoice link's token>`).
 */
const QUERY_KEY = /^[A-Za-z_][\w.[\]-]{0,23}$/;

/**
 * A request path as logged: the token of `/invoice/{hash}` and of an alert link
 * (`/alerts/confirm/{token}`, `/alerts/manage/{token}`, decision 028) masked under any
 * language prefix, for the page and its resources (`/pdf`, `/payment`, `.data`) and however
 * the path is spelled (case, percent-escapes, backslashes, dot segments: the router reads
 * them all as the one path; decision 019), and every query value masked but those of
 * `SHOWN_QUERY_KEYS`, and every key that is not a parameter's name (`QUERY_KEY`). The path is logged as the router read it (`routedPath`). The link tokens are masked
 * by their place, not by their look: an alert token's MAC has no digit once in about 1 500
 * links, which `scrubPersonalData`'s pattern would let through.
 */
export function safeUrl(url: string): string {
  const [path = "", query] = url.split("?", 2);
  const safePath = scrubPersonalData(
    routedPath(path)
      .replace(/(\/invoice\/)[^/]+/i, "$1:hash")
      .replace(/(\/alerts\/(?:confirm|manage)\/)[^/]+/i, "$1:token"),
  );
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  const shown = [...params].map(([key, value]) =>
    SHOWN_QUERY_KEYS.has(key) ? `${key}=${value}` : `${QUERY_KEY.test(key) ? key : "…"}=…`,
  );
  return `${safePath}?${shown.join("&")}`;
}

/**
 * `path` as the page router reads it: parsed as a URL's path is (WHATWG, as React Router's
 * `new URL`: a backslash is a slash, `.` and `..` segments, escaped or not, are resolved),
 * then its percent-escapes decoded; each step skipped when it cannot be done (a target that
 * is not a path, a malformed escape).
 */
function routedPath(path: string): string {
  let parsed = path;
  if (path.startsWith("/") || path.startsWith("\\")) {
    try {
      parsed = new URL(`http://host${path}`).pathname;
    } catch {
      // Left as sent: masked by the patterns alone.
    }
  }
  try {
    return decodeURI(parsed);
  } catch {
    return parsed;
  }
}

/** Pino's `req` serializer: method, masked path (`safeUrl`) and client address; no headers, no body. */
function serializeRequest(request: FastifyRequest | { method?: string; url?: string; ip?: string }) {
  return { method: request.method, url: safeUrl(String(request.url ?? "")), remoteAddress: request.ip };
}

/** Fields pino serializes itself (`err`, `error`, `req`): left to their serializers. */
const SERIALIZED_FIELDS = new Set(["err", "error", "req"]);
/** Fields that hold a request path or URL: masked as request lines are (`safeUrl`). */
const URL_FIELDS = /^(url|path|page|href|location|referr?er|redirect)$/i;
/**
 * Fields that hold an invoice's reference number (`INV-2026-000101`): its digits are no phone
 * number, and a charge to refund is logged by it (architecture §3.8), so only addresses and
 * tokens are masked there.
 */
const REFERENCE_FIELDS = /^refNumber$/;

/**
 * A logged object with personal data masked in its fields too, not only in the message:
 * every string (nested in plain objects and arrays, 5 deep) through `scrubPersonalData`,
 * a path or URL field (`URL_FIELDS`) through `safeUrl`, an invoice reference
 * (`REFERENCE_FIELDS`) with its digits kept, an error in any field through the
 * error serializer. Objects of other classes (a request, a reply) are left to pino.
 */
function scrubFields(value: unknown, key = "", depth = 0): unknown {
  if (typeof value === "string") {
    if (URL_FIELDS.test(key) && value.startsWith("/")) return safeUrl(value);
    return REFERENCE_FIELDS.test(key) ? scrubAddressesAndTokens(value) : scrubPersonalData(value);
  }
  if (typeof value !== "object" || value === null || depth > 5) return value;
  if (isErrorLike(value)) return serializeError(value);
  if (Array.isArray(value)) return value.map((item) => scrubFields(item, key, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value))
    out[field] = depth === 0 && SERIALIZED_FIELDS.has(field) ? item : scrubFields(item, field, depth + 1);
  return out;
}

/**
 * The pino options of every logger of the product: the serializers above, and every
 * message and every field of the logged object scrubbed (`scrubPersonalData`,
 * `scrubFields`) except where the caller marks a line as the demo file outbox's
 * (`demoOutbox: true`).
 */
function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    hooks: {
      logMethod(args, method) {
        const [first, second, ...rest] = args as unknown[];
        const demoOutbox =
          typeof first === "object" && first !== null && (first as { demoOutbox?: unknown }).demoOutbox;
        if (demoOutbox) return method.apply(this, args as Parameters<typeof method>);
        const scrub = (v: unknown) => (typeof v === "string" ? scrubPersonalData(v) : v);
        const next =
          typeof first === "string" ? [scrub(first), second, ...rest] : [scrubFields(first), scrub(second), ...rest];
        return method.apply(this, next as Parameters<typeof method>);
      },
    },
  };
}

/** The product's logger: pino's, with `loggerOptions`. */
export type AppLogger = Logger;

/** Bytes of log lines that may wait for a slow reader of standard output before new lines are dropped. */
const MAX_PENDING_LOG_BYTES = 1024 * 1024;

/**
 * Standard output (or `out`) as a log destination that never blocks the process and never
 * keeps it from exiting (decision 023). Pino's own destination writes with `fs.write` and,
 * at exit, flushes synchronously: with a reader that stopped reading (a full pipe) a write
 * stays pending for ever and the flush at `process.exit` loops on EAGAIN for ever, so a
 * SIGTERM'd server never ended. Here a line goes to Node's own non-blocking stream; while
 * more than `maxPendingBytes` wait for the reader, new lines are dropped and counted, and
 * once the reader catches up one line says how many were lost. Nothing is flushed at exit:
 * lines still waiting then are lost rather than holding the process. A reader that went
 * away (EPIPE) only stops the output.
 */
export function nonBlockingStdout(
  out: NodeJS.WritableStream & { writableLength: number } = process.stdout,
  maxPendingBytes = MAX_PENDING_LOG_BYTES,
): DestinationStream {
  let dropped = 0;
  out.on("error", () => undefined);
  out.on("drain", () => {
    if (dropped === 0) return;
    const msg = `${dropped} log lines were dropped: the reader of standard output did not keep up`;
    dropped = 0;
    out.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg })}\n`);
  });
  return {
    write(line: string) {
      if (out.writableLength > maxPendingBytes) dropped++;
      else out.write(line);
    },
  };
}

/** Standard output's one `nonBlockingStdout`, shared by every logger of the process (created on first use). */
let stdoutDestination: DestinationStream | undefined;

/** The product's logger (see `loggerOptions`), writing to `destination` (`nonBlockingStdout` by default). */
export function createLogger(level: string, destination?: DestinationStream): AppLogger {
  if (destination) return pino(loggerOptions(level), destination);
  stdoutDestination ??= nonBlockingStdout();
  return pino(loggerOptions(level), stdoutDestination);
}
