import autocannon from "autocannon";
import { httpGet } from "./http.ts";
import type { LoadStats } from "./types.ts";

/**
 * Load-tests `url` with autocannon (`connections` connections for `seconds` s, asking for
 * gzip like a browser) after 5 sequential warm-up requests. Answers requests per second
 * (average over the run), p50/p99 latency, and the count of non-2xx answers, errors and
 * timeouts. `bodyBytes` is the identity body size of one answer.
 */
export async function loadTest(url: string, options: { connections: number; seconds: number }): Promise<LoadStats> {
  let bodyBytes = 0;
  for (let i = 0; i < 5; i++) bodyBytes = (await httpGet(url)).body.length;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { "accept-encoding": "gzip" },
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
