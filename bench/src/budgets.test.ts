import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { judgeBudgets, pageKind } from "./budgets.ts";
import { type Budgets, loadBudgets } from "./budgets-file.ts";
import { defaultCpuSlowdowns } from "./cli.ts";
import { arabicPath } from "./routes.ts";
import type { LighthouseResult, LighthouseRun, LoadStats, RouteResult, ScaleRow, ThroughputRow } from "./types.ts";

const invoiceReason =
  "An invoice link is private (it shows a customer's name and amounts): the page is noindex, nofollow, " +
  "which Lighthouse's is-crawlable audit counts against SEO. Every other SEO audit must pass.";
const all100 = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 };

/** Issue 24's budgets, as bench/budgets.json must hold them. */
const budgets: Budgets = {
  interactiveRoutes: [
    "/contact-us",
    "/delete-account",
    "/invoice/{hash}",
    "/ar/contact-us",
    "/ar/delete-account",
    "/ar/invoice/{hash}",
  ],
  content: {
    routeJsGzipKB: 5,
    lighthouse: {
      "4": { ...all100, maxTbtMs: 10, maxCls: 0 },
      "8": { ...all100, maxTbtMs: 10, maxCls: 0 },
    },
  },
  interactive: {
    routeJsGzipKB: 125,
    lighthouse: { "4": { ...all100 }, "8": { ...all100, performance: 95 } },
  },
  axeViolations: 0,
  listRender: { page: "/flights", rows: 1000, maxMs: 50 },
  throughput: {
    cachedVsBareMin: 0.5,
    targets: ["/", "/flights", "/blogs/{id}", "/ar", "/ar/flights", "/ar/blogs/{id}"],
    maxNon2xx: 0,
  },
  lighthouseExceptions: [
    { route: "/invoice/{hash}", category: "seo", min: 50, reason: invoiceReason },
    { route: "/ar/invoice/{hash}", category: "seo", min: 50, reason: invoiceReason },
  ],
};

const bytes = (gzip: number) => ({ raw: gzip * 3, gzip, files: [] });
const weight = (jsGzip: number): NonNullable<RouteResult["weight"]> => ({
  js: bytes(jsGzip),
  jsInitial: bytes(jsGzip),
  jsLazy: bytes(0),
  css: bytes(5000),
  html: bytes(6000),
  transferBytes: 1,
  requests: 1,
  unreadable: [],
});
/** A Lighthouse result whose medians pass every budget unless `scores` says otherwise. */
function lighthouse(scores: Partial<LighthouseRun> = {}): LighthouseResult {
  const median: LighthouseRun = { ...all100, fcpMs: 800, lcpMs: 900, tbtMs: 0, cls: 0, transferBytes: 1, ...scores };
  return { runs: [median], median, failedAudits: [], metricLoss: {}, runWarnings: [] };
}
/**
 * A measured route (`pattern` its product §2 pattern, `/ar/…` for Arabic) that passes
 * every budget of a content route, but for what `at4` and `at8` (the medians at 4× and
 * 8×) and `extra` change.
 */
function route(
  where: string,
  pattern: string,
  medians: { at4?: Partial<LighthouseRun>; at8?: Partial<LighthouseRun> } = {},
  extra: Partial<RouteResult> = {},
): RouteResult {
  return {
    path: where,
    route: pattern,
    language: pattern.startsWith("/ar") ? "ar" : "en",
    status: 200,
    lighthouse: { "4": lighthouse(medians.at4), "8": lighthouse(medians.at8) },
    weight: weight(2_200),
    axe: { violations: 0, rules: [] },
    ...extra,
  };
}
const judge = (...routes: RouteResult[]) => judgeBudgets({ routes, scale: [] }, budgets);
const contactUs = (medians: Parameters<typeof route>[2], extra?: Partial<RouteResult>) =>
  route("/contact-us", "/contact-us", medians, { weight: weight(124_000), ...extra });

const scaleRow = (rows: number, medianMs: number): ScaleRow => ({
  page: "/flights",
  rows,
  shown: rows,
  cardsInHtml: rows,
  medianMs,
  p90Ms: medianMs,
  apiMedianMs: 1,
  htmlRaw: 1,
  htmlGzip: 1,
  inlineScriptRaw: 0,
});
const stats = (rps: number, errors = 0): LoadStats => ({ rps, p50Ms: 1, p99Ms: 2, errors, bodyBytes: 1 });
function load(target: string, cached: number, bare: number, errors = 0): ThroughputRow {
  return {
    target,
    path: target.replace("{id}", "1"),
    cold: stats(100),
    cached: stats(cached, errors),
    bare: stats(bare),
    ratio: cached / bare,
    pageCache: "hit",
    encoding: "br",
  };
}

describe("bench/budgets.json", () => {
  test("holds decision 024's budgets, per kind of page and CPU slowdown", () => {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "../budgets.json");
    expect(loadBudgets(file)).toEqual(budgets);
  });

  test("has budgets at every slowdown a full run measures, for both kinds of page", () => {
    const slowdowns = defaultCpuSlowdowns.map(String);
    expect(Object.keys(budgets.content.lighthouse)).toEqual(slowdowns);
    expect(Object.keys(budgets.interactive.lighthouse)).toEqual(slowdowns);
  });

  test("names each interactive route in both languages; the rest are content routes", () => {
    const english = budgets.interactiveRoutes.filter((r) => !r.startsWith("/ar/"));
    expect(english).toEqual(["/contact-us", "/delete-account", "/invoice/{hash}"]);
    for (const r of english) expect(pageKind(budgets, arabicPath(r))).toBe("interactive");
    for (const r of ["/", "/ar", "/transport/{showId}", "/ar/blogs/{id}", "/success"])
      expect(pageKind(budgets, r)).toBe("content");
  });
});

describe("judgeBudgets: content routes", () => {
  test("TBT over 10 ms misses at 8× and at 4×, named by slowdown; 10 ms passes (rounded to the ms)", () => {
    expect(judge(route("/", "/", { at8: { tbtMs: 11 } }))).toEqual([
      { budget: "Lighthouse TBT at 8×", where: "/", actual: "11 ms", limit: "≤ 10 ms" },
    ]);
    expect(judge(route("/ar/flights", "/ar/flights", { at4: { tbtMs: 10.5 } }))).toEqual([
      { budget: "Lighthouse TBT at 4×", where: "/ar/flights", actual: "11 ms", limit: "≤ 10 ms" },
    ]);
    expect(judge(route("/", "/", { at4: { tbtMs: 10 }, at8: { tbtMs: 10.4 } }))).toEqual([]);
  });

  test("performance under 100 misses at either slowdown; the other categories too", () => {
    expect(judge(route("/QR", "/QR", { at4: { performance: 99 }, at8: { performance: 99, seo: 92 } }))).toEqual([
      { budget: "Lighthouse performance at 4×", where: "/QR", actual: "99", limit: "100" },
      { budget: "Lighthouse performance at 8×", where: "/QR", actual: "99", limit: "100" },
      { budget: "Lighthouse SEO at 8×", where: "/QR", actual: "92", limit: "100" },
    ]);
  });

  test("CLS is 0 at three decimals: 0.0004 passes, 0.0006 misses, no value misses", () => {
    expect(judge(route("/", "/", { at4: { cls: 0.0004 }, at8: { cls: 0.0004 } }))).toEqual([]);
    expect(judge(route("/", "/", { at8: { cls: 0.0006 } }))).toEqual([
      { budget: "Lighthouse CLS at 8×", where: "/", actual: "0.001", limit: "0" },
    ]);
    expect(judge(route("/", "/", { at4: { cls: null, tbtMs: null, accessibility: null } }))).toEqual([
      { budget: "Lighthouse accessibility at 4×", where: "/", actual: "no score", limit: "100" },
      { budget: "Lighthouse TBT at 4×", where: "/", actual: "no value", limit: "≤ 10 ms" },
      { budget: "Lighthouse CLS at 4×", where: "/", actual: "no value", limit: "0" },
    ]);
  });

  test("JS over 5 KB gzip misses; 5 KB passes", () => {
    expect(judge(route("/links", "/links", {}, { weight: weight(5_000) }))).toEqual([]);
    expect(judge(route("/ar/links", "/ar/links", {}, { weight: weight(5_100) }))).toEqual([
      { budget: "JS gzip", where: "/ar/links", actual: "5.1 KB", limit: "≤ 5 KB" },
    ]);
  });
});

describe("judgeBudgets: interactive routes", () => {
  test("performance 95 or more at 8× passes, under 95 misses; at 4× it must be 100", () => {
    expect(judge(contactUs({ at8: { performance: 96 } }))).toEqual([]);
    expect(judge(contactUs({ at8: { performance: 95 } }))).toEqual([]);
    expect(judge(contactUs({ at8: { performance: 94 } }))).toEqual([
      { budget: "Lighthouse performance at 8×", where: "/contact-us", actual: "94", limit: "≥ 95" },
    ]);
    expect(judge(contactUs({ at4: { performance: 99 } }))).toEqual([
      { budget: "Lighthouse performance at 4×", where: "/contact-us", actual: "99", limit: "100" },
    ]);
  });

  test("TBT and CLS are not budgeted; accessibility, best practices and SEO are 100 at both slowdowns", () => {
    expect(judge(contactUs({ at4: { tbtMs: 200 }, at8: { tbtMs: 600, cls: 0.05 } }))).toEqual([]);
    const arabic = route("/ar/delete-account", "/ar/delete-account", { at8: { bestPractices: 96 } });
    expect(judge({ ...arabic, weight: weight(121_000) })).toEqual([
      { budget: "Lighthouse best practices at 8×", where: "/ar/delete-account", actual: "96", limit: "100" },
    ]);
  });

  test("JS is judged against 125 KB: 124 KB passes here and would miss on a content route", () => {
    expect(judge(contactUs({}))).toEqual([]);
    expect(judge(contactUs({}, { weight: weight(125_400) }))).toEqual([
      { budget: "JS gzip", where: "/contact-us", actual: "125.4 KB", limit: "≤ 125 KB" },
    ]);
    expect(judge(route("/aboutus", "/aboutus", {}, { weight: weight(124_000) }))).toEqual([
      { budget: "JS gzip", where: "/aboutus", actual: "124.0 KB", limit: "≤ 5 KB" },
    ]);
  });

  test("an exception lowers one category on its route at every slowdown, and nothing else", () => {
    const invoice = (medians: Parameters<typeof route>[2]) =>
      route("/ar/invoice/abc", "/ar/invoice/{hash}", medians, { weight: weight(124_000) });
    expect(judge(invoice({ at4: { seo: 66 }, at8: { seo: 66 } }))).toEqual([]);
    expect(judge(invoice({ at4: { seo: 66, performance: 90 } })).map((m) => m.budget)).toEqual([
      "Lighthouse performance at 4×",
    ]);
    expect(judge(route("/blogs/1", "/blogs/{id}", { at4: { seo: 66 }, at8: { seo: 66 } }))).toEqual([
      { budget: "Lighthouse SEO at 4×", where: "/blogs/1", actual: "66", limit: "100" },
      { budget: "Lighthouse SEO at 8×", where: "/blogs/1", actual: "66", limit: "100" },
    ]);
  });
});

describe("judgeBudgets: the rest", () => {
  test("a slowdown budgets.json does not list is measured, not judged", () => {
    const at6: RouteResult = { ...route("/", "/"), lighthouse: { "6": lighthouse({ performance: 50, tbtMs: 900 }) } };
    expect(judge(at6)).toEqual([]);
  });

  test("cached/bare throughput at 0.5 passes on the budget's targets; under it misses; other targets only count errors", () => {
    const throughput = [
      load("/", 1500, 3000),
      load("/blogs/{id}", 1400, 3000),
      load("/transport", 100, 3000),
      load("/ar/flights", 900, 3000, 3),
    ];
    const misses = judgeBudgets({ routes: [], scale: [], throughput }, budgets);
    expect(misses).toEqual([
      { budget: "cached/bare throughput", where: "/blogs/1", actual: "0.47", limit: "≥ 0.5" },
      { budget: "cached/bare throughput", where: "/ar/flights", actual: "0.30", limit: "≥ 0.5" },
      { budget: "non-2xx under load", where: "/ar/flights", actual: "cold 0, cached 3, bare 0", limit: "≤ 0" },
    ]);
  });

  test("names every miss with where, actual and limit, route by route, then the render time", () => {
    const misses = judgeBudgets(
      {
        routes: [
          route("/", "/", { at8: { performance: 97, tbtMs: 85 } }),
          contactUs({}, { axe: { violations: 2, rules: ["color-contrast (3)", "label (1)"] } }),
        ],
        scale: [scaleRow(10, 3), scaleRow(1000, 50)],
      },
      budgets,
    );
    expect(misses).toEqual([
      { budget: "Lighthouse performance at 8×", where: "/", actual: "97", limit: "100" },
      { budget: "Lighthouse TBT at 8×", where: "/", actual: "85 ms", limit: "≤ 10 ms" },
      { budget: "axe violations", where: "/contact-us", actual: "2 (color-contrast (3), label (1))", limit: "≤ 0" },
      { budget: "render with 1000 rows", where: "/flights", actual: "50.0 ms", limit: "< 50 ms" },
    ]);
    expect(judgeBudgets({ routes: [], scale: [scaleRow(1000, 49.9)] }, budgets)).toEqual([]);
  });

  test("a route whose script bodies could not be read misses the JS budget instead of passing at 0 KB", () => {
    const unread = { ...weight(0), unreadable: ["/assets/site-script-abc.js"] };
    expect(judge(route("/aboutus", "/aboutus", {}, { weight: unread }))).toEqual([
      { budget: "JS gzip", where: "/aboutus", actual: "not measured (1 script bodies unreadable)", limit: "≤ 5 KB" },
    ]);
  });

  test("skipped routes and unmeasured parts are not judged", () => {
    const skipped: RouteResult = { path: "/blogs/{id}", route: "/blogs/{id}", language: "en", skipped: "not merged" };
    const weightOnly: RouteResult = { path: "/QR", route: "/QR", language: "en", weight: weight(2_200) };
    expect(judgeBudgets({ routes: [skipped, weightOnly], scale: [scaleRow(100, 400)] }, budgets)).toEqual([]);
  });
});
