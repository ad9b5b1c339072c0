/** Fixtures of the report's tests: decision 024's kinds of budget, a run of four routes at 4× and 8×. */
import type { Budgets } from "./budgets-file.ts";
import type { BenchResults, FloorResult, LighthouseResult, LighthouseRun, RouteResult } from "./types.ts";

const all100 = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 };
/** Issue 24's shape of budgets, with `/contact-us` and `/ar/contact-us` the interactive routes. */
export const budgets: Budgets = {
  interactiveRoutes: ["/contact-us", "/ar/contact-us"],
  content: {
    routeJsGzipKB: 5,
    lighthouse: { "4": { ...all100, maxTbtMs: 10, maxCls: 0 }, "8": { ...all100, maxTbtMs: 10, maxCls: 0 } },
  },
  interactive: { routeJsGzipKB: 125, lighthouse: { "4": all100, "8": { ...all100, performance: 95 } } },
  axeViolations: 0,
  listRender: { page: "/flights", rows: 1000, maxMs: 50 },
  throughput: { cachedVsBareMin: 0.5, targets: ["/", "/flights"], maxNon2xx: 0 },
  lighthouseExceptions: [],
};

/** Lighthouse medians: scores 0–100 (`seo` default 100), TBT in ms (default 23), FCP 1201 ms, LCP 2161 ms, CLS 0. */
export const run = (performance: number, seo = 100, tbtMs = 23): LighthouseRun => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo,
  fcpMs: 1200.5,
  lcpMs: 2161.4,
  tbtMs,
  cls: 0,
  transferBytes: 162_020,
});
const bytes = (raw: number, gzip: number) => ({ raw, gzip, files: [{ path: "/assets/entry.client-x.js", raw, gzip }] });

/** One slowdown's Lighthouse result with the given medians; a meta-description failure when SEO is under 100. */
export function lighthouse(
  median: LighthouseRun,
  lcpElement = 'main > img — <img src="/images/hero-truck.svg">',
): LighthouseResult {
  return {
    runs: [median],
    median,
    failedAudits:
      median.seo !== null && median.seo < 100
        ? [{ id: "meta-description", category: "SEO", title: "Document does not have a meta description", score: 0 }]
        : [],
    metricLoss: { "first-contentful-paint": 2.1 },
    lcpElement,
    runWarnings: [],
  };
}

/** The floor at one slowdown: performance 100, the given TBT, 3 runs with benchmarkIndexes 1500, 1600, 1700. */
export function floor(tbtMs: number): FloorResult {
  const median = run(100, 100, tbtMs);
  return {
    ...lighthouse(median),
    runs: [median, median, median],
    benchmarkIndexes: [1500, 1600, 1700],
    benchmarkIndex: 1600,
  };
}

/** A route measured at 4× (`at4`) and at 8× (`at8`, else the same medians). */
export function routeResult(path: string, at4: LighthouseRun, at8 = at4): RouteResult {
  return {
    path,
    route: path,
    language: path.startsWith("/ar") ? "ar" : "en",
    status: 200,
    lighthouse: { "4": lighthouse(at4), "8": lighthouse(at8) },
    weight: {
      js: bytes(417_100, 134_600),
      jsInitial: bytes(370_000, 120_100),
      jsLazy: bytes(47_100, 14_500),
      css: bytes(30_200, 6_600),
      html: bytes(45_000, 9_000),
      transferBytes: 160_000,
      requests: 22,
      unreadable: [],
    },
    axe: { violations: 0, rules: [] },
  };
}

/**
 * A full run's results: `/` (97, SEO 92, TBT 23 ms at both), `/flights` (TBT 0, then 11 ms at 8×),
 * `/contact-us` (94 at 8×), `/ar/contact-us` (96 at 8×), a skipped blog, the floor (TBT 0, then
 * 90 ms at 8×), throughput, scale, misses.
 */
export function results(overrides: Partial<BenchResults> = {}): BenchResults {
  return {
    schema: 3,
    mode: "full",
    scope: { full: true, arguments: [], phases: ["lighthouse", "weight", "scale", "throughput"], routes: null },
    date: "2026-11-23T12:00:00.000Z",
    durationMs: 512_000,
    phases: { build: 5, lighthouse: 300 },
    machine: {
      cpu: "AMD EPYC",
      cores: 2,
      ramGB: 23.5,
      os: "Linux 6.18",
      node: "v24.21.0",
      productNode: "24",
      chromium: "156.0.8078.79",
      lighthouse: "13.5.0",
      autocannon: "9.0.0",
      commit: "ba40dc58ac",
      dirty: false,
      loadStart: 1.5,
      loadEnd: 2.5,
      benchmarkIndex: 3779,
      benchmarkIndexBySlowdown: { "4": 3790, "8": 3760 },
      benchmarkIndexRange: [3700, 3850],
    },
    settings: {
      lighthouseRuns: 3,
      cpuSlowdowns: [4, 8],
      throughputSeconds: 10,
      throughputConnections: 10,
      throughputAcceptEncoding: "br, gzip",
      renderSamples: 20,
      scaleSteps: [10, 100, 1000],
    },
    notes: [],
    baseline: {
      packages: { react: "19.3.1", moment: "2.31.0" },
      js: bytes(834_400, 258_500),
      css: bytes(72_900, 29_400),
    },
    routes: [
      routeResult("/", run(97, 92)),
      routeResult("/flights", run(100, 100, 0), run(100, 100, 11)),
      routeResult("/contact-us", run(100), run(94, 100, 300)),
      routeResult("/ar/contact-us", run(100, 100, 0), run(96, 100, 120)),
      {
        route: "/blogs/{id}",
        path: "/blogs/{id}",
        language: "en",
        skipped: "GET /api/v1/blog/getWebsiteBlogs answers 404",
      },
    ],
    floor: { "4": floor(0), "8": floor(90) },
    scale: [
      {
        page: "/flights",
        rows: 1000,
        shown: 1000,
        cardsInHtml: 1000,
        medianMs: 181.6,
        p90Ms: 264.6,
        apiMedianMs: 60.2,
        htmlRaw: 1_360_000,
        htmlGzip: 55_300,
        inlineScriptRaw: 600_000,
      },
    ],
    throughput: [
      {
        target: "/",
        path: "/",
        cold: { rps: 150, p50Ms: 60, p99Ms: 120, errors: 0, bodyBytes: 9_000 },
        cached: { rps: 1200, p50Ms: 8, p99Ms: 20, errors: 0, bodyBytes: 8_400 },
        bare: { rps: 3000, p50Ms: 3, p99Ms: 9, errors: 2, bodyBytes: 8_400 },
        ratio: 0.4,
        pageCache: "hit",
        encoding: "br",
      },
      {
        target: "/blogs/{id}",
        path: "/blogs/{id}",
        skipped: "not merged",
        cold: null,
        cached: { rps: 0, p50Ms: 0, p99Ms: 0, errors: 0, bodyBytes: 0 },
        bare: { rps: 0, p50Ms: 0, p99Ms: 0, errors: 0, bodyBytes: 0 },
        ratio: 0,
        pageCache: "none",
        encoding: "",
      },
    ],
    misses: [
      { budget: "Lighthouse performance at 4×", where: "/", actual: "97", limit: "100" },
      { budget: "Lighthouse performance at 8×", where: "/", actual: "97", limit: "100" },
      { budget: "Lighthouse TBT at 8×", where: "/flights", actual: "11 ms", limit: "≤ 10 ms" },
      { budget: "Lighthouse performance at 8×", where: "/contact-us", actual: "94", limit: "≥ 95" },
      { budget: "render with 1000 rows", where: "/flights", actual: "181.6 ms", limit: "< 50 ms" },
    ],
    ...overrides,
  };
}
