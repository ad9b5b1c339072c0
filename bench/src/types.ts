/**
 * The shape of `bench/results/latest.json` (and of every run under `bench/results/runs/`).
 * Sizes are bytes; times are milliseconds; Lighthouse scores are 0–100 (Lighthouse's
 * 0–1 × 100, rounded). `null` means "measured but no value" (e.g. an audit that errored).
 */
export interface BenchResults {
  /**
   * Bumped when the shape changes incompatibly. 3: Lighthouse per CPU slowdown (a full run
   * measures 4× and 8×: `RouteResult.lighthouse` keyed by slowdown, `settings.cpuSlowdowns`,
   * `machine.benchmarkIndexBySlowdown`).
   */
  schema: 3;
  mode: "full" | "quick";
  /** What the run measured (`npm run bench -- …`'s options): its report's header says so. */
  scope: RunScope;
  /** ISO-8601 UTC start of the run. */
  date: string;
  durationMs: number;
  /** Seconds each phase took (build, baseline, lighthouse, weight, scale, throughput). */
  phases: Record<string, number>;
  machine: MachineInfo;
  settings: BenchSettings;
  notes: string[];
  baseline: BaselineResult | null;
  routes: RouteResult[];
  /**
   * The floor, keyed by CPU slowdown like `RouteResult.lighthouse` (`"4"`, `"8"`):
   * Lighthouse on a minimal HTML page (one heading, one paragraph, no CSS, no script;
   * bench/src/floor.ts) served by a bare static server, run in the same pass, Chromium and
   * settings as the routes. What a route's figures owe to the host and to Lighthouse's own
   * work rather than to the page (decision 024). Reported, never judged by a budget.
   * Absent when Lighthouse did not run (and in results written before it existed).
   */
  floor?: Record<string, FloorResult>;
  scale: ScaleRow[];
  throughput: ThroughputRow[];
  misses: BudgetMiss[];
}

/** The part of the bench a run measured, from its command-line options (bench/src/cli.ts). */
interface RunScope {
  /**
   * True only for the complete default run (no --quick, --routes, --only or --runs, and
   * Lighthouse at both 4× and 8×): the one that writes `bench/results/latest.*`.
   */
  full: boolean;
  /** The arguments after `npm run bench --`. */
  arguments: string[];
  /** The phases that ran: some of lighthouse, weight, scale, throughput. */
  phases: string[];
  /** The product §2 routes measured, or null for every one. */
  routes: string[] | null;
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGB: number;
  os: string;
  node: string;
  /**
   * The Node.js major version the product is built for (`.nvmrc`), absent when the file
   * cannot be read. A run on another major measures the server on a runtime the product
   * does not run on: the report says so (its throughput reads lower on Node 20).
   */
  productNode?: string;
  chromium: string;
  lighthouse: string;
  autocannon: string;
  commit: string;
  /** True when the worktree had uncommitted changes outside bench/results. */
  dirty: boolean;
  /** 1-minute load averages when the run started and ended (the machine is shared). */
  loadStart: number;
  loadEnd: number;
  /**
   * Lighthouse's CPU `benchmarkIndex` of this host (its `environment.benchmarkIndex`,
   * median over every Lighthouse run of every slowdown; higher is faster; ~2 700–3 800
   * here, a low-end phone ~300 after an 8× slowdown), so results from different hosts can
   * be compared. Absent when Lighthouse did not run.
   */
  benchmarkIndex?: number;
  /**
   * The same median over the runs of each CPU slowdown alone, keyed by the slowdown
   * (`"4"`, `"8"`): the host's speed while that table was measured (the load moves it).
   */
  benchmarkIndexBySlowdown?: Record<string, number>;
  /**
   * The lowest and the highest `benchmarkIndex` of those runs, rounded: how far the host's
   * speed moved while it was measured (other work on a shared host slows it for a while).
   */
  benchmarkIndexRange?: [number, number];
}

interface BenchSettings {
  /** Lighthouse runs per route at each CPU slowdown. */
  lighthouseRuns: number;
  /**
   * Lighthouse's simulated CPU slowdowns, in the order run (a full run: 4, Lighthouse's
   * default mobile throttling, then 8, a low-end phone on these hosts; `--quick`: 4;
   * `--cpu-slowdown N[,M]`: those).
   */
  cpuSlowdowns: number[];
  throughputSeconds: number;
  throughputConnections: number;
  /** The `accept-encoding` every load test sends. */
  throughputAcceptEncoding: string;
  renderSamples: number;
  scaleSteps: number[];
}

export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
}

/** One Lighthouse run reduced to what the tables show. */
export interface LighthouseRun extends LighthouseScores {
  /** First Contentful Paint (in the JSON only; the tables show LCP). */
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  transferBytes: number | null;
}

/** An audit that did not pass in the representative (median-performance) run. */
export interface FailedAudit {
  id: string;
  category: string;
  title: string;
  /** 0–100, or null for an audit that errored. */
  score: number | null;
  displayValue?: string;
  /** A few offending items (URLs, selectors, snippets), when the audit lists them. */
  items?: string[];
}

export interface LighthouseResult {
  runs: LighthouseRun[];
  /** Per-metric medians of `runs`. */
  median: LighthouseRun;
  failedAudits: FailedAudit[];
  /** Performance points each metric costs in the representative run (weight × (1 − score)). */
  metricLoss: Record<string, number>;
  /** The LCP element of the representative run (selector and snippet), when known. */
  lcpElement?: string;
  /** Lighthouse's CPU benchmark index of each run (`environment.benchmarkIndex`). */
  benchmarkIndexes?: number[];
  runWarnings: string[];
}

/** Lighthouse on the floor page at one CPU slowdown (`BenchResults.floor`): a route's result, and its host's speed. */
export interface FloorResult extends LighthouseResult {
  /** The median of `benchmarkIndexes`, rounded; null when no run had one. */
  benchmarkIndex: number | null;
}

/** Lighthouse results keyed by CPU slowdown as a string (`"4"`, `"8"`: JSON keys are strings). */
type LighthouseBySlowdown = Record<string, LighthouseResult>;

export interface Bytes {
  raw: number;
  gzip: number;
  /** Each file counted (path of the URL), largest gzip first. */
  files: { path: string; raw: number; gzip: number }[];
}

export interface WeightResult {
  /** Every script the first load fetched until the network was idle (the budget's measure, architecture §5). */
  js: Bytes;
  /**
   * Of `js`, the scripts needed before hydration: those the HTML names (script src, inline imports, preload hints)
   * and their static imports.
   */
  jsInitial: Bytes;
  /** Of `js`, the scripts fetched after hydration, before the network was idle (dynamic imports). */
  jsLazy: Bytes;
  css: Bytes;
  html: Bytes;
  /** Bytes on the wire for every response of the load, as Chromium received them. */
  transferBytes: number;
  requests: number;
  /**
   * Scripts whose body could not be read (empty): their bytes are missing from `js`, so the
   * route's JS budget cannot be judged and counts as a miss.
   */
  unreadable: string[];
}

export interface AxeResult {
  violations: number;
  /** `rule-id (nodes)` for each violated rule. */
  rules: string[];
}

export interface RouteResult {
  /** The URL path measured, e.g. `/blogs/3`. */
  path: string;
  /** The product §2 pattern, e.g. `/blogs/{id}` (`/ar/blogs/{id}` for its Arabic twin). */
  route: string;
  /** English at the product §2 path, Arabic under `/ar` (both measured by Lighthouse, weighed and checked with axe). */
  language: "en" | "ar";
  skipped?: string;
  /** HTTP status of a plain GET (redirects not followed). */
  status?: number;
  /** Lighthouse per CPU slowdown it ran at, keyed by the slowdown (`"4"`, `"8"`). */
  lighthouse?: LighthouseBySlowdown;
  weight?: WeightResult;
  axe?: AxeResult;
}

export interface ScaleRow {
  page: string;
  rows: number;
  /** Rows the page receives (the API's answer to the page's own query, after its type filter). */
  shown: number;
  /** Schedule cards the page's HTML renders (the grid grows in steps of 24). */
  cardsInHtml: number;
  medianMs: number;
  p90Ms: number;
  /** Median time of the page's own API call (the data part of the render time). */
  apiMedianMs: number;
  htmlRaw: number;
  htmlGzip: number;
  /** Bytes of the HTML inside inline scripts (React Router's hydration data). */
  inlineScriptRaw: number;
}

export interface LoadStats {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses outside 2xx plus socket errors and timeouts. */
  errors: number;
  bodyBytes: number;
}

export interface ThroughputRow {
  target: string;
  path: string;
  /**
   * Every request rendered: a unique unknown query parameter (`?__bench=<id>`) per request, which the page cache
   * never keeps (decision 017). `null` for a target the page cache does not serve (the API).
   */
  cold: LoadStats | null;
  /** The plain URL, answered from the page cache once warm. */
  cached: LoadStats;
  /** The very bytes and headers of a cached answer, precompressed, from a bare `node:http` server. */
  bare: LoadStats;
  /** cached.rps / bare.rps. */
  ratio: number;
  /** `x-page-cache` of the warm plain request (`hit` when the cache serves it), or `none`. */
  pageCache: string;
  /** `content-encoding` of the measured answers (the load test asks `accept-encoding: br, gzip`). */
  encoding: string;
  skipped?: string;
}

export interface BaselineResult {
  packages: Record<string, string>;
  js: Bytes;
  css: Bytes;
}

export interface BudgetMiss {
  /** The budget's name; a Lighthouse budget names its CPU slowdown ("Lighthouse performance at 8×"). */
  budget: string;
  where: string;
  actual: string;
  limit: string;
}
