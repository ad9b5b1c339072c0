import type { HeadersArgs } from "react-router";

/**
 * True for the contract client's `ApiError`. Checked by shape, not `instanceof`: the
 * host creates the client from its own copy of the contract module, so the class the
 * web build bundles is a different object.
 */
export function isApiError(
  error: unknown,
): error is Error & { statusCode: number; message: string; retryAfter?: string | undefined; fromServer?: boolean } {
  return (
    error instanceof Error &&
    error.name === "ApiError" &&
    typeof (error as { statusCode?: unknown }).statusCode === "number"
  );
}

/**
 * The server's own message of an API error (its envelope's, in the language the call
 * asked for), or null for a transport-level failure (no answer, or one without the
 * envelope), whose text is the contract client's generic English ('Network Error',
 * product §8): a form shows its own failure message in the page's language instead.
 */
export function serverMessageOf(error: { message: string; fromServer?: boolean }): string | null {
  return error.fromServer === false ? null : error.message;
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
