import { describe, expect, test } from "vitest";
import type { Budgets } from "./budgets.ts";
import { renderMarkdown } from "./report.ts";
import { collectFindings } from "./report-findings.ts";
import { table } from "./report-format.ts";
import type { BenchResults, LighthouseRun, RouteResult } from "./types.ts";

const budgets: Budgets = {
  lighthouse: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
  axeViolations: 0,
  routeJsGzipKB: 125,
  listRender: { page: "/flights", rows: 1000, maxMs: 50 },
  throughput: { cachedVsBareMin: 0.5, targets: ["/", "/flights"], maxNon2xx: 0 },
  lighthouseExceptions: [],
};

const run = (performance: number, seo = 100): LighthouseRun => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo,
  lcpMs: 2161.4,
  tbtMs: 23,
  cls: 0,
  transferBytes: 162_020,
});
const bytes = (raw: number, gzip: number) => ({ raw, gzip, files: [{ path: "/assets/entry.client-x.js", raw, gzip }] });

function routeResult(path: string, performance: number, seo = 100): RouteResult {
  return {
    path,
    route: path,
    language: "en",
    status: 200,
    lighthouse: {
      runs: [run(performance, seo)],
      median: run(performance, seo),
      failedAudits:
        seo < 100
          ? [{ id: "meta-description", category: "SEO", title: "Document does not have a meta description", score: 0 }]
          : [],
      metricLoss: { "first-contentful-paint": 2.1 },
      lcpElement: 'main > img — <img src="/images/hero-truck.svg">',
      runWarnings: [],
    },
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

function results(overrides: Partial<BenchResults> = {}): BenchResults {
  return {
    schema: 2,
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
      node: "v20.20.2",
      chromium: "156.0.8078.79",
      lighthouse: "13.5.0",
      autocannon: "9.0.0",
      commit: "ba40dc58ac",
      dirty: false,
      loadStart: 1.5,
      loadEnd: 2.5,
    },
    settings: {
      lighthouseRuns: 3,
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
      routeResult("/", 97, 92),
      routeResult("/flights", 99),
      {
        route: "/blogs/{id}",
        path: "/blogs/{id}",
        language: "en",
        skipped: "GET /api/v1/blog/getWebsiteBlogs answers 404",
      },
    ],
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
      { budget: "Lighthouse performance", where: "/", actual: "97", limit: "≥ 98" },
      { budget: "render with 1000 rows", where: "/flights", actual: "181.6 ms", limit: "< 50 ms" },
    ],
    ...overrides,
  };
}

describe("table", () => {
  test("renders a header, an alignment row and escaped cells", () => {
    expect(table(["Route", "JS"], [["`/a|b`", "1.0"]], ["l", "r"])).toBe(
      "| Route | JS |\n| --- | ---: |\n| `/a\\|b` | 1.0 |",
    );
  });
});

describe("renderMarkdown", () => {
  const markdown = renderMarkdown(results(), budgets);

  test("starts with the date, duration, machine and commit", () => {
    expect(markdown).toContain("# Benchmark results");
    expect(markdown).toContain("2026-11-23 12:00:00 UTC · took 8 min 32 s · commit `ba40dc58ac`");
    expect(markdown).toContain("AMD EPYC, 2 cores, 23.5 GB RAM");
    expect(markdown).toContain("Chromium 156.0.8078.79 · Lighthouse 13.5.0");
  });

  test("lists the budgets missed", () => {
    expect(markdown).toContain("2 budgets missed");
    expect(markdown).toContain("| Budget | Limit | Missed on |");
    expect(markdown).toContain("| Lighthouse performance | ≥ 98 | 1: `/` 97 |");
    expect(markdown).toContain("| render with 1000 rows | < 50 ms | 1: `/flights` 181.6 ms |");
  });

  test("marks values under budget with ✗ in the Lighthouse and weight tables", () => {
    expect(markdown).toContain("| `/` | 97 ✗ | 100 | 100 | 92 ✗ | 2161 ms | 23 ms | 0.000 | 162.0 |");
    expect(markdown).toContain("| `/flights` | 99 | 100 | 100 | 100 |");
    expect(markdown).toContain("| `/` | 417.1 | 134.6 ✗ | 0.52 | 120.1 | 14.5 | 6.6 | 45.0 | 9.0 | 0 |");
  });

  test("shows cold, cached and bare throughput with the cached/bare ratio, scale rows, baseline and findings", () => {
    expect(markdown).toContain(
      "| `/` | 150 | 60 ms | 1200 | 8 ms | 20 ms | 3000 (2 non-2xx) | 3 ms | 0.40 ✗ | 8.0× | 8.4 br |",
    );
    expect(markdown).toContain(
      "| `/flights` | 1000 | 1000 | 1000 | 181.6 ms ✗ | 264.6 ms | 60.2 ms | 1360.0 | 600.0 | 55.3 |",
    );
    expect(markdown).toContain("**258.5 KB gzip**");
    expect(markdown).toContain("| SEO | Document does not have a meta description (`meta-description`) | `/` |  |");
    expect(markdown).toContain("| `/` | 97 | −2.1 |");
  });

  test("notes what was skipped and why", () => {
    expect(markdown).toContain("- `/blogs/{id}` skipped: GET /api/v1/blog/getWebsiteBlogs answers 404");
    expect(markdown).toContain("- Throughput `/blogs/{id}` skipped: not merged");
  });

  test("says so when every budget holds", () => {
    expect(renderMarkdown(results({ misses: [] }), budgets)).toContain("Every budget holds");
  });
});

describe("renderMarkdown's header says what was run", () => {
  const header = (overrides: Partial<BenchResults>) =>
    renderMarkdown(results(overrides), budgets).split("\n## ")[0] ?? "";

  test("a full run is called one, with every phase and route, 3 runs per page at 4× slowdown", () => {
    const markdown = header({ settings: { ...results().settings, cpuSlowdown: 4 } });
    expect(markdown).toContain("Full run of `npm run bench` · 2026-11-23 12:00:00 UTC");
    expect(markdown).toContain(
      "Measured: phases lighthouse, weight, scale, throughput; every product §2 route; " +
        "Lighthouse 3 runs per page at 4× CPU slowdown.",
    );
    expect(markdown).not.toContain("not a full run");
  });

  test("a run of some phases, routes, runs or one slowdown is not called full", () => {
    const markdown = header({
      scope: {
        full: false,
        arguments: ["--only", "lighthouse", "--routes", "/,/flights", "--runs", "1", "--cpu-slowdown", "8"],
        phases: ["lighthouse"],
        routes: ["/", "/flights"],
      },
      settings: { ...results().settings, lighthouseRuns: 1, cpuSlowdown: 8 },
    });
    expect(markdown).not.toContain("Full run");
    expect(markdown).toContain(
      "Partial run of `npm run bench -- --only lighthouse --routes /,/flights --runs 1 --cpu-slowdown 8` " +
        "(not a full run) · 2026-11-23 12:00:00 UTC",
    );
    expect(markdown).toContain(
      "Measured: phases lighthouse; routes `/`, `/flights`; Lighthouse 1 run per page at 8× CPU slowdown.",
    );
  });

  test("a quick run says so, and a run without Lighthouse says it had none", () => {
    const quick = header({
      mode: "quick",
      scope: { full: false, arguments: ["--quick"], phases: ["weight", "scale"], routes: ["/"] },
    });
    expect(quick).toContain("Quick run of `npm run bench -- --quick` (not a full run)");
    expect(quick).toContain("Measured: phases weight, scale; routes `/`; no Lighthouse.");
  });
});

test("collectFindings groups an audit over routes, most widespread first", () => {
  const a = routeResult("/a", 97, 92);
  const b = routeResult("/b", 97, 92);
  b.lighthouse!.failedAudits.push({
    id: "unused-javascript",
    category: "performance",
    title: "Reduce unused JavaScript",
    score: 50,
    displayValue: "Est savings of 46 KiB",
    items: ["/assets/entry.client-x.js · wastedBytes 30000"],
  });
  expect(collectFindings([a, b])).toEqual([
    {
      id: "meta-description",
      category: "SEO",
      title: "Document does not have a meta description",
      routes: ["`/a`", "`/b`"],
      example: "",
    },
    {
      id: "unused-javascript",
      category: "performance",
      title: "Reduce unused JavaScript",
      routes: ["`/b`"],
      example: "`/b`: Est savings of 46 KiB: /assets/entry.client-x.js · wastedBytes 30000",
    },
  ]);
});
