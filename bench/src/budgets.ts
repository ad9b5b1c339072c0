import { type Budgets, categoryLabels, type LighthouseBudget, type PageKind } from "./budgets-file.ts";
import type { BudgetMiss, LighthouseRun, LighthouseScores, RouteResult, ScaleRow, ThroughputRow } from "./types.ts";

/** Whether a product §2 pattern (`/contact-us`, `/ar/invoice/{hash}`) is interactive or content, by `interactiveRoutes`. */
export function pageKind(budgets: Budgets, route: string): PageKind {
  return budgets.interactiveRoutes.includes(route) ? "interactive" : "content";
}

/** The JS limit of a product §2 pattern, in KB of 1000: its kind's `routeJsGzipKB`. */
export function jsLimitKB(budgets: Budgets, route: string): number {
  return budgets[pageKind(budgets, route)].routeJsGzipKB;
}

/**
 * The Lighthouse budget of a product §2 pattern at one CPU slowdown: its kind's, with the
 * route's `lighthouseExceptions` applied; `null` when budgets.json has none for that slowdown.
 */
function lighthouseBudget(budgets: Budgets, route: string, cpuSlowdown: number | string): LighthouseBudget | null {
  const budget = budgets[pageKind(budgets, route)].lighthouse[String(cpuSlowdown)];
  if (!budget) return null;
  const lowered = { ...budget };
  for (const e of budgets.lighthouseExceptions) if (e.route === route) lowered[e.category] = e.min;
  return lowered;
}

/** One Lighthouse measure judged against its budget (the report marks `miss` with ✗). */
export interface LighthouseCheck {
  measure: keyof LighthouseScores | "tbtMs" | "cls";
  /** The budget's name with the slowdown, e.g. "Lighthouse TBT at 8×". */
  budget: string;
  actual: string;
  limit: string;
  miss: boolean;
}

/**
 * Every budgeted Lighthouse measure of one route's medians at one CPU slowdown: the four
 * scores (a missing score is a miss), then TBT and CLS where the route's kind budgets them
 * (rounded as `LighthouseBudget` says; a missing value is a miss). None when budgets.json
 * has no budget for the slowdown.
 */
export function checkLighthouse(
  budgets: Budgets,
  route: string,
  cpuSlowdown: number | string,
  median: LighthouseRun,
): LighthouseCheck[] {
  const budget = lighthouseBudget(budgets, route, cpuSlowdown);
  if (!budget) return [];
  const at = `at ${cpuSlowdown}×`;
  const checks: LighthouseCheck[] = (Object.keys(categoryLabels) as (keyof LighthouseScores)[]).map((key) => {
    const actual = median[key];
    const min = budget[key];
    return {
      measure: key,
      budget: `Lighthouse ${categoryLabels[key]} ${at}`,
      actual: actual === null ? "no score" : String(actual),
      limit: min >= 100 ? "100" : `≥ ${min}`,
      miss: actual === null || actual < min,
    };
  });
  if (budget.maxTbtMs !== undefined) {
    const tbt = median.tbtMs === null ? null : Math.round(median.tbtMs);
    checks.push({
      measure: "tbtMs",
      budget: `Lighthouse TBT ${at}`,
      actual: tbt === null ? "no value" : `${tbt} ms`,
      limit: `≤ ${budget.maxTbtMs} ms`,
      miss: tbt === null || tbt > budget.maxTbtMs,
    });
  }
  if (budget.maxCls !== undefined) {
    const cls = median.cls === null ? null : Math.round(median.cls * 1000) / 1000;
    checks.push({
      measure: "cls",
      budget: `Lighthouse CLS ${at}`,
      actual: cls === null ? "no value" : cls.toFixed(3),
      limit: budget.maxCls === 0 ? "0" : `≤ ${budget.maxCls}`,
      miss: cls === null || cls > budget.maxCls,
    });
  }
  return checks;
}

/**
 * Every budget the measurements miss, route by route in the order measured: at each CPU
 * slowdown measured (in the order run), the Lighthouse medians of `checkLighthouse`
 * (the route's kind's budget at that slowdown, or its `lighthouseExceptions` minimum; a
 * slowdown budgets.json does not list is not judged), axe violations over the maximum,
 * gzip JS until the network is idle over its kind's limit (5 KB for a content route, 125 KB
 * for an interactive one), the list render time at or over its limit, then per throughput
 * target a cached/bare ratio under its minimum and answers outside 2xx under load. What
 * was not measured (skipped routes and targets, phases not run) is not judged.
 */
export function judgeBudgets(
  measured: { routes: readonly RouteResult[]; scale: readonly ScaleRow[]; throughput?: readonly ThroughputRow[] },
  budgets: Budgets,
): BudgetMiss[] {
  const misses: BudgetMiss[] = [];
  for (const route of measured.routes) {
    if (route.skipped) continue;
    for (const [slowdown, result] of Object.entries(route.lighthouse ?? {})) {
      for (const check of checkLighthouse(budgets, route.route, slowdown, result.median)) {
        if (check.miss)
          misses.push({ budget: check.budget, where: route.path, actual: check.actual, limit: check.limit });
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
    const jsKB = jsLimitKB(budgets, route.route);
    if (route.weight && route.weight.unreadable.length > 0) {
      misses.push({
        budget: "JS gzip",
        where: route.path,
        actual: `not measured (${route.weight.unreadable.length} script bodies unreadable)`,
        limit: `≤ ${jsKB} KB`,
      });
    } else if (route.weight && route.weight.js.gzip > jsKB * 1000) {
      misses.push({
        budget: "JS gzip",
        where: route.path,
        actual: `${kb(route.weight.js.gzip)} KB`,
        limit: `≤ ${jsKB} KB`,
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
