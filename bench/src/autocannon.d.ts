// autocannon ships no types; this declares the part of its programmatic API the bench uses.
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Replace `[<id>]` in the URL or body with a unique id per request. */
    idReplacement?: boolean;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
