import { readFileSync } from "node:fs";
import type { BudgetMiss, LighthouseScores, RouteResult, ScaleRow } from "./types.ts";

/** `bench/budgets.json`: minimum Lighthouse scores (0–100), maximum axe violations, JS and render limits. */
export interface Budgets {
  lighthouse: Record<keyof LighthouseScores, number>;
  axeViolations: number;
  /** Per-route gzip JS the HTML references, in KB of 1000 bytes (at most). */
  routeJsGzipKB: number;
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
 * median scores under their minimum (or the route's `lighthouseExceptions` minimum) (a missing score counts as
 * a miss), axe violations
 * over the maximum, initial gzip JS over the limit, and the list render time at or over
 * its limit. What was not measured (skipped routes, phases not run) is not judged.
 */
export function judgeBudgets(
  measured: { routes: readonly RouteResult[]; scale: readonly ScaleRow[] },
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
    if (route.weight && route.weight.js.gzip > budgets.routeJsGzipKB * 1000) {
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
  return misses;
}

/** Bytes as KB of 1000 with one decimal ("123.4"). */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}
