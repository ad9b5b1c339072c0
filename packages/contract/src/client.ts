import { errorEnvelopeSchema } from "./envelope.ts";
import { responseSchemaOf, type CallInput, type DataOf, type Endpoint } from "./endpoint.ts";
import { buildQueryString } from "./query.ts";

/**
 * A failed call. `statusCode` is the HTTP status (0 for a network failure) and
 * `message` the server's envelope message when it sent one, else a generic text
 * (SPEC §8: transport-level errors carry generic messages).
 */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
  }
}

export type Language = "en" | "ar";

export interface ApiClientOptions {
  /** The versioned API root, e.g. `http://localhost:3000/api/v1` (no trailing slash needed). */
  baseUrl: string;
  /** The fetch to use; the host passes an in-process one when the API runs in the same process. */
  fetch?: typeof globalThis.fetch;
  /** Sent as the `language` header on every request (SPEC §7). */
  language?: Language;
  /** Extra headers on every request (e.g. `x-forwarded-for` of the visitor). */
  headers?: Record<string, string>;
}

/** Fills `:name` segments of an endpoint path from `params`, URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The typed HTTP client of the provider API (SPEC §7). Every request sends
 * `language` and `accept: application/json`; there is no timeout (SPEC §7).
 *
 * `call` answers the endpoint's parsed `data`; it throws `ApiError` on a non-2xx
 * answer (with the server's message), on a network failure, or when the answer does
 * not match the contract.
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;

  async function send<E extends Endpoint>(endpoint: E, input: CallInput<E>, accept: string): Promise<Response> {
    const { query, body, params } = (input ?? {}) as { query?: Record<string, unknown>; body?: unknown; params?: Record<string, unknown> };
    const url = `${baseUrl}${fillPath(endpoint.path, params)}${buildQueryString(query)}`;
    const headers: Record<string, string> = {
      accept,
      language: options.language ?? "en",
      ...options.headers,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(url, {
        method: endpoint.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, "Network Error");
    }
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => undefined);
      const parsed = errorEnvelopeSchema.safeParse(payload);
      throw new ApiError(
        response.status,
        parsed.success ? parsed.data.message : `Request failed with status code ${response.status}`,
      );
    }
    return response;
  }

  return {
    /** Calls a JSON endpoint and answers its `data`. */
    async call<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<DataOf<E>> {
      const response = await send(endpoint, input, "application/json");
      const payload: unknown = await response.json().catch(() => undefined);
      const parsed = responseSchemaOf(endpoint).safeParse(payload);
      if (!parsed.success) throw new ApiError(502, "The server sent an unexpected answer");
      return (parsed.data as unknown as { data: DataOf<E> }).data;
    },
    /** Calls an endpoint that answers bytes (e.g. a PDF) and answers the raw `Response`. */
    async callBinary<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<Response> {
      return send(endpoint, input, endpoint.binary ?? "application/octet-stream");
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
