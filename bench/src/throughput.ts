import autocannon from "autocannon";
import { httpGet } from "./http.ts";
import type { LoadStats } from "./types.ts";

/** What every load test asks for, like a browser (brotli first when the server has it). */
export const acceptEncoding = "br, gzip";

/** The URL of `url` made unique per request: `__bench=[<id>]`, which autocannon replaces with a fresh id each time. */
export function uniqueUrl(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}__bench=[<id>]`;
}

/**
 * A header that makes a page request one no cache may answer: a request with credentials
 * is rendered for itself (decision 017), while a query the page does not read is answered
 * from the kept copy (decision 022).
 */
const RENDER_ALONE = { authorization: "Bearer bench-cold-render" };

/**
 * Load-tests `url` with autocannon (`connections` connections for `seconds` s, sending
 * `accept-encoding: br, gzip`) after 5 sequential warm-up requests. With `unique`, every
 * request carries its own unknown query parameter (`uniqueUrl`, for a CDN in front) and
 * credentials (`RENDER_ALONE`), so no page cache can answer it. Answers
 * requests per second (average over the run), p50/p99 latency, and the count of non-2xx
 * answers, errors and timeouts. `bodyBytes` is the size of one answer's body as sent.
 */
export async function loadTest(
  url: string,
  options: { connections: number; seconds: number; unique?: boolean },
): Promise<LoadStats> {
  let bodyBytes = 0;
  for (let i = 0; i < 5; i++) {
    const warm = options.unique ? `${url}${url.includes("?") ? "&" : "?"}__bench=warm-${i}` : url;
    bodyBytes = (await httpGet(warm, { "accept-encoding": acceptEncoding, ...(options.unique ? RENDER_ALONE : {}) }))
      .body.length;
  }
  const result = await autocannon({
    url: options.unique ? uniqueUrl(url) : url,
    idReplacement: options.unique ?? false,
    connections: options.connections,
    duration: options.seconds,
    headers: { "accept-encoding": acceptEncoding, ...(options.unique ? RENDER_ALONE : {}) },
    timeout: 30,
  });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    bodyBytes,
  };
}
