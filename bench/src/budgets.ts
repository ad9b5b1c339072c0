import { readFileSync } from "node:fs";
import type { BudgetMiss, LighthouseScores, RouteResult, ScaleRow, ThroughputRow } from "./types.ts";

/** `bench/budgets.json`: minimum Lighthouse scores (0–100), maximum axe violations, JS and render limits. */
export interface Budgets {
  lighthouse: Record<keyof LighthouseScores, number>;
  axeViolations: number;
  /** Per-route gzip JS of every script a first visit fetches until the network is idle, in KB of 1000 (at most). */
  routeJsGzipKB: number;
  /**
   * Under load (architecture §5): on each of `targets` (throughput target names, e.g. `/blogs/{id}`), the page-cached
   * answer's requests per second at least `cachedVsBareMin` × the bare static server's; on every target, at most
   * `maxNon2xx` answers outside 2xx (plus errors and timeouts) in any of its load tests.
   */
  throughput: { cachedVsBareMin: number; targets: string[]; maxNon2xx: number };
  /** Median server render time of `page` with `rows` seeded must be under `maxMs`. */
  listRender: { page: string; rows: number; maxMs: number };
  /**
   * Deliberate, explained departures from a Lighthouse minimum on one product §2 route
   * (e.g. `/invoice/{hash}` is `noindex`: a private link must not be indexed).
   */
  lighthouseExceptions: LighthouseException[];
}

/** A lower Lighthouse minimum for one route and category, with the reason. */
interface LighthouseException {
  route: string;
  category: keyof LighthouseScores;
  min: number;
  reason: string;
}

export const categoryLabels: Record<keyof LighthouseScores, string> = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best practices",
  seo: "SEO",
};

/** Reads and checks `bench/budgets.json`; throws naming the first missing or non-numeric field. */
export function loadBudgets(file: string): Budgets {
  const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<Budgets>;
  const need = (value: unknown, name: string): number => {
    if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${file}: "${name}" must be a number`);
    return value;
  };
  const lighthouse = raw.lighthouse ?? ({} as Partial<Budgets["lighthouse"]>);
  const listRender = raw.listRender ?? ({} as Partial<Budgets["listRender"]>);
  if (typeof listRender.page !== "string") throw new Error(`${file}: "listRender.page" must be a path`);
  const throughput = raw.throughput ?? ({} as Partial<Budgets["throughput"]>);
  if (!Array.isArray(throughput.targets) || !throughput.targets.every((t) => typeof t === "string"))
    throw new Error(`${file}: "throughput.targets" must list target names`);
  return {
    lighthouse: {
      performance: need(lighthouse.performance, "lighthouse.performance"),
      accessibility: need(lighthouse.accessibility, "lighthouse.accessibility"),
      bestPractices: need(lighthouse.bestPractices, "lighthouse.bestPractices"),
      seo: need(lighthouse.seo, "lighthouse.seo"),
    },
    axeViolations: need(raw.axeViolations, "axeViolations"),
    routeJsGzipKB: need(raw.routeJsGzipKB, "routeJsGzipKB"),
    listRender: {
      page: listRender.page,
      rows: need(listRender.rows, "listRender.rows"),
      maxMs: need(listRender.maxMs, "listRender.maxMs"),
    },
    throughput: {
      cachedVsBareMin: need(throughput.cachedVsBareMin, "throughput.cachedVsBareMin"),
      targets: [...throughput.targets],
      maxNon2xx: need(throughput.maxNon2xx, "throughput.maxNon2xx"),
    },
    lighthouseExceptions: (raw.lighthouseExceptions ?? []).map((e, i) => {
      if (
        typeof e.route !== "string" ||
        !(e.category in categoryLabels) ||
        typeof e.reason !== "string" ||
        e.reason.trim() === ""
      ) {
        throw new Error(`${file}: "lighthouseExceptions[${i}]" needs a route, a Lighthouse category and a reason`);
      }
      return {
        route: e.route,
        category: e.category,
        min: need(e.min, `lighthouseExceptions[${i}].min`),
        reason: e.reason,
      };
    }),
  };
}

/** The Lighthouse minimum of `category` on a product §2 route: its exception, else the budget. */
export function lighthouseMinimum(budgets: Budgets, route: string, category: keyof LighthouseScores): number {
  return (
    budgets.lighthouseExceptions.find((e) => e.route === route && e.category === category)?.min ??
    budgets.lighthouse[category]
  );
}

/**
 * Every budget the measurements miss, route by route in the order measured: Lighthouse
 * median scores under their minimum (or the route's `lighthouseExceptions` minimum) (a
 * missing score counts as a miss), axe violations over the maximum, gzip JS until the
 * network is idle over the limit, the list render time at or over its limit, then per
 * throughput target a cached/bare ratio under its minimum and answers outside 2xx under
 * load. What was not measured (skipped routes and targets, phases not run) is not judged.
 */
export function judgeBudgets(
  measured: { routes: readonly RouteResult[]; scale: readonly ScaleRow[]; throughput?: readonly ThroughputRow[] },
  budgets: Budgets,
): BudgetMiss[] {
  const misses: BudgetMiss[] = [];
  for (const route of measured.routes) {
    if (route.skipped) continue;
    const median = route.lighthouse?.median;
    if (median) {
      for (const key of Object.keys(categoryLabels) as (keyof LighthouseScores)[]) {
        const actual = median[key];
        const min = lighthouseMinimum(budgets, route.route, key);
        if (actual === null || actual < min) {
          misses.push({
            budget: `Lighthouse ${categoryLabels[key]}`,
            where: route.path,
            actual: actual === null ? "no score" : String(actual),
            limit: min >= 100 ? "100" : `≥ ${min}`,
          });
        }
      }
    }
    if (route.axe && route.axe.violations > budgets.axeViolations) {
      misses.push({
        budget: "axe violations",
        where: route.path,
        actual: `${route.axe.violations} (${route.axe.rules.join(", ")})`,
        limit: `≤ ${budgets.axeViolations}`,
      });
    }
    if (route.weight && route.weight.unreadable.length > 0) {
      misses.push({
        budget: "JS gzip",
        where: route.path,
        actual: `not measured (${route.weight.unreadable.length} script bodies unreadable)`,
        limit: `≤ ${budgets.routeJsGzipKB} KB`,
      });
    } else if (route.weight && route.weight.js.gzip > budgets.routeJsGzipKB * 1000) {
      misses.push({
        budget: "JS gzip",
        where: route.path,
        actual: `${kb(route.weight.js.gzip)} KB`,
        limit: `≤ ${budgets.routeJsGzipKB} KB`,
      });
    }
  }
  const { page, rows, maxMs } = budgets.listRender;
  const row = measured.scale.find((r) => r.page === page && r.rows === rows);
  if (row && !(row.medianMs < maxMs)) {
    misses.push({
      budget: `render with ${rows} rows`,
      where: page,
      actual: `${row.medianMs.toFixed(1)} ms`,
      limit: `< ${maxMs} ms`,
    });
  }
  const { cachedVsBareMin, targets, maxNon2xx } = budgets.throughput;
  for (const t of measured.throughput ?? []) {
    if (t.skipped) continue;
    if (targets.includes(t.target) && !(t.ratio >= cachedVsBareMin)) {
      misses.push({
        budget: "cached/bare throughput",
        where: t.path,
        actual: t.ratio.toFixed(2),
        limit: `≥ ${cachedVsBareMin}`,
      });
    }
    const failed = Math.max(t.cold?.errors ?? 0, t.cached.errors, t.bare.errors);
    if (failed > maxNon2xx) {
      misses.push({
        budget: "non-2xx under load",
        where: t.path,
        actual: `cold ${t.cold?.errors ?? "–"}, cached ${t.cached.errors}, bare ${t.bare.errors}`,
        limit: `≤ ${maxNon2xx}`,
      });
    }
  }
  return misses;
}

/** Bytes as KB of 1000 with one decimal ("123.4"). */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}
