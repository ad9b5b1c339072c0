import type { FastifyInstance } from "fastify";

/**
 * A `fetch` that hands requests to the in-process API through `app.inject` (no socket):
 * the web's contract client uses it when `API_URL` is unset (architecture §2). The visitor's
 * address is passed on as the request's remote address, so per-client limits see it;
 * `extraHeaders` are added to every request (the host's mark of its own reads: decision 022).
 */
export function inProcessFetch(
  app: FastifyInstance,
  remoteAddress: string,
  extraHeaders: Record<string, string> = {},
): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    Object.assign(headers, extraHeaders);
    const response = await app.inject({
      method: (init?.method ?? "GET") as "GET",
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === "string" ? init.body : undefined,
      remoteAddress,
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.append(key, v);
    }
    const body =
      response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers: out });
  };
}
