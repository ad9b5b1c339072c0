import type { OutageLog } from "@khayl/api/http/outage-log";

/** The logger a render's loaders and actions get (`WebContext.log` of apps/web). */
export interface PageLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Whether a page's failed API call failed because the API is away rather than because of
 * what it asked: the contract client's `ApiError` (checked by shape: the web build bundles
 * its own copy of the class) with status 503 (the in-process API's answer while the
 * database is away, decision 023), 502 or 504 (a gateway before a provider's `API_URL`),
 * or 0 (no answer: refused, cut, timed out).
 */
export function isApiOutage(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== "ApiError") return false;
  const { statusCode } = error as { statusCode?: unknown };
  return statusCode === 0 || statusCode === 502 || statusCode === 503 || statusCode === 504;
}

/**
 * The logger of one render's loaders and actions: `log` (the request's), except that a
 * warning about an API that is away (`{ err }` with `isApiOutage`) goes to `outage`, which
 * logs the first of an outage with its error and then counts (`createOutageLog`); during an
 * outage every page load logged its error with its stack, kilobytes a request. Every other
 * line is `log`'s, as before.
 */
export function pageLog(log: PageLogger, outage: OutageLog): PageLogger {
  return {
    warn(obj, msg) {
      const { err } = obj as { err?: unknown };
      if (isApiOutage(err)) outage.failed(log, err, msg);
      else log.warn(obj, msg);
    },
    error: (obj, msg) => log.error(obj, msg),
  };
}
