import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { type Budgets, judgeBudgets, loadBudgets } from "./budgets.ts";
import type { LighthouseRun, LoadStats, RouteResult, ScaleRow, ThroughputRow } from "./types.ts";

const budgets: Budgets = {
  lighthouse: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
  axeViolations: 0,
  routeJsGzipKB: 125,
  listRender: { page: "/flights", rows: 1000, maxMs: 50 },
  throughput: {
    cachedVsBareMin: 0.5,
    targets: ["/", "/flights", "/blogs/{id}", "/ar", "/ar/flights", "/ar/blogs/{id}"],
    maxNon2xx: 0,
  },
  lighthouseExceptions: [
    {
      route: "/invoice/{hash}",
      category: "seo",
      min: 50,
      reason:
        "An invoice link is private (it shows a customer's name and amounts): the page is noindex, nofollow, " +
        "which Lighthouse's is-crawlable audit counts against SEO. Every other SEO audit must pass.",
    },
    {
      route: "/ar/invoice/{hash}",
      category: "seo",
      min: 50,
      reason:
        "An invoice link is private (it shows a customer's name and amounts): the page is noindex, nofollow, " +
        "which Lighthouse's is-crawlable audit counts against SEO. Every other SEO audit must pass.",
    },
  ],
};

const bytes = (gzip: number) => ({ raw: gzip * 3, gzip, files: [] });
function route(path: string, scores: Partial<LighthouseRun>, extra: Partial<RouteResult> = {}): RouteResult {
  const median: LighthouseRun = {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 900,
    tbtMs: 0,
    cls: 0,
    transferBytes: 1,
    ...scores,
  };
  return {
    path,
    route: path,
    language: "en",
    status: 200,
    lighthouse: { runs: [median], median, failedAudits: [], metricLoss: {}, runWarnings: [] },
    weight: {
      js: bytes(100_000),
      jsInitial: bytes(100_000),
      jsLazy: bytes(0),
      css: bytes(5000),
      html: bytes(6000),
      transferBytes: 1,
      requests: 1,
      unreadable: [],
    },
    axe: { violations: 0, rules: [] },
    ...extra,
  };
}
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
  test("holds the budgets of architecture §5", () => {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "../budgets.json");
    expect(loadBudgets(file)).toEqual(budgets);
  });

  test("a missing number is named", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "budgets-"));
    const file = path.join(dir, "budgets.json");
    writeFileSync(file, JSON.stringify({ ...budgets, lighthouse: { ...budgets.lighthouse, seo: "100" } }));
    expect(() => loadBudgets(file)).toThrow('"lighthouse.seo" must be a number');
  });
});

describe("judgeBudgets", () => {
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

  test("an exception lowers one category's minimum on its route only", () => {
    const invoice = route("/invoice/abc", { seo: 54 }, { route: "/invoice/{hash}" });
    const blog = route("/blogs/1", { seo: 54 }, { route: "/blogs/{id}" });
    const misses = judgeBudgets({ routes: [invoice, blog], scale: [] }, budgets);
    expect(misses.map((m) => [m.budget, m.where])).toEqual([["Lighthouse SEO", "/blogs/1"]]);
    const invoicePerf = route("/invoice/abc", { seo: 54, performance: 90 }, { route: "/invoice/{hash}" });
    expect(judgeBudgets({ routes: [invoicePerf], scale: [] }, budgets).map((m) => m.budget)).toEqual([
      "Lighthouse performance",
    ]);
  });

  test("values exactly at their limits pass", () => {
    const atLimits = route(
      "/",
      { performance: 98 },
      {
        weight: {
          js: bytes(125_000),
          jsInitial: bytes(35_000),
          jsLazy: bytes(90_000),
          css: bytes(1),
          html: bytes(1),
          transferBytes: 1,
          requests: 1,
          unreadable: [],
        },
      },
    );
    expect(judgeBudgets({ routes: [atLimits], scale: [scaleRow(1000, 49.9)] }, budgets)).toEqual([]);
  });

  test("names every miss with where, actual and limit", () => {
    const misses = judgeBudgets(
      {
        routes: [
          route("/", { performance: 97, seo: 92 }),
          route(
            "/contact-us",
            { accessibility: null },
            {
              axe: { violations: 2, rules: ["color-contrast (3)", "label (1)"] },
              weight: {
                js: bytes(125_400),
                jsInitial: bytes(125_400),
                jsLazy: bytes(0),
                css: bytes(1),
                html: bytes(1),
                transferBytes: 1,
                requests: 1,
                unreadable: [],
              },
            },
          ),
        ],
        scale: [scaleRow(10, 3), scaleRow(1000, 50)],
      },
      budgets,
    );
    expect(misses).toEqual([
      { budget: "Lighthouse performance", where: "/", actual: "97", limit: "≥ 98" },
      { budget: "Lighthouse SEO", where: "/", actual: "92", limit: "100" },
      { budget: "Lighthouse accessibility", where: "/contact-us", actual: "no score", limit: "100" },
      { budget: "axe violations", where: "/contact-us", actual: "2 (color-contrast (3), label (1))", limit: "≤ 0" },
      { budget: "JS gzip", where: "/contact-us", actual: "125.4 KB", limit: "≤ 125 KB" },
      { budget: "render with 1000 rows", where: "/flights", actual: "50.0 ms", limit: "< 50 ms" },
    ]);
  });

  test("a route whose script bodies could not be read misses the JS budget instead of passing at 0 KB", () => {
    const weight = { ...route("/aboutus", {}).weight!, js: bytes(0), unreadable: ["/assets/root-abc.js"] };
    expect(judgeBudgets({ routes: [route("/aboutus", {}, { weight })], scale: [] }, budgets)).toEqual([
      {
        budget: "JS gzip",
        where: "/aboutus",
        actual: "not measured (1 script bodies unreadable)",
        limit: "≤ 125 KB",
      },
    ]);
  });

  test("skipped routes and unmeasured parts are not judged", () => {
    const skipped: RouteResult = { path: "/blogs/{id}", route: "/blogs/{id}", language: "en", skipped: "not merged" };
    const weightOnly: RouteResult = { path: "/QR", route: "/QR", language: "en", weight: route("/QR", {}).weight! };
    expect(judgeBudgets({ routes: [skipped, weightOnly], scale: [scaleRow(100, 400)] }, budgets)).toEqual([]);
  });
});
