import type { HeadersArgs } from "react-router";

/**
 * True for the contract client's `ApiError`. Checked by shape, not `instanceof`: the
 * host creates the client from its own copy of the contract module, so the class the
 * web build bundles is a different object.
 */
export function isApiError(error: unknown): error is Error & {
  statusCode: number;
  message: string;
  retryAfter?: string | undefined;
  fromServer?: boolean;
  timedOut?: boolean;
} {
  return (
    error instanceof Error &&
    error.name === "ApiError" &&
    typeof (error as { statusCode?: unknown }).statusCode === "number"
  );
}

/**
 * The server's own message of a refusal (a 4xx envelope's, in the language the call asked
 * for, e.g. a 429's 'Too many requests…' or a validation message), or null, for which a
 * form shows its own failure message in the page's language (product §8): for a
 * transport-level failure (no answer, or one without the envelope), whose text is the
 * contract client's generic English ('Network Error'), and for any 5xx, whose message is
 * the provider's account of its own failure (English, perhaps a stack trace), nothing a
 * visitor can act on.
 */
export function serverMessageOf(error: { statusCode: number; message: string; fromServer?: boolean }): string | null {
  return error.fromServer === false || error.statusCode >= 500 ? null : error.message;
}

/**
 * True when an API error leaves unknown whether the call was done: no answer came in time,
 * from the client's own timeout (`timedOut`) or a gateway's in front of the API (504). A
 * form that changes something (a contact request, an account's deletion) then says it
 * could not confirm it rather than that it failed, which would invite a duplicate
 * (product §8).
 */
export function outcomeUnknown(error: { statusCode: number; timedOut?: boolean }): boolean {
  return error.timedOut === true || error.statusCode === 504;
}

/** The headers a page's answer passes on from the API's error: its `retry-after`, when it has one. */
export function apiErrorHeaders(error: { retryAfter?: string | undefined }): Record<string, string> {
  return error.retryAfter ? { "retry-after": error.retryAfter } : {};
}

/**
 * A form route's `headers` export: React Router puts nothing of a loader's or action's
 * headers into a page's answer but what the route's `headers` passes on, so a refusal's
 * `retry-after` (an API 429, passed on by `apiErrorHeaders`) is passed here, from the
 * error the route threw, its action or its loader.
 */
export function retryAfterHeaders({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter =
    errorHeaders?.get("retry-after") ?? actionHeaders.get("retry-after") ?? loaderHeaders.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
}
