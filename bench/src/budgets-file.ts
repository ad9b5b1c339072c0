import { readFileSync } from "node:fs";
import { arabicPath, specRoutes } from "./routes.ts";
import type { LighthouseScores } from "./types.ts";

/**
 * The two kinds of page the budgets tell apart: content routes ship no framework and at
 * most our own small script (decision 024); interactive routes (the forms and the
 * invoice) hydrate React. `Budgets.interactiveRoutes` names the interactive ones.
 */
export type PageKind = "content" | "interactive";

/**
 * The Lighthouse minimums of one kind of page at one CPU slowdown: each category's median
 * score (0–100) at least its number; where given, the median Total Blocking Time at most
 * `maxTbtMs` (milliseconds, judged rounded to the whole millisecond the report shows: 10.4
 * passes a 10 ms budget, 10.5 does not) and the median Cumulative Layout Shift at most
 * `maxCls` (judged rounded to the report's three decimals: under 0.0005 counts as 0).
 */
export interface LighthouseBudget extends Record<keyof LighthouseScores, number> {
  maxTbtMs?: number;
  maxCls?: number;
}

/** The budgets of one kind of page. */
interface PageKindBudgets {
  /** Gzip JS of every script a first visit fetches until the network is idle, in KB of 1000 (at most). */
  routeJsGzipKB: number;
  /**
   * Keyed by Lighthouse's CPU slowdown (`"4"`, `"8"`). A slowdown a run measures that is not
   * listed (`--cpu-slowdown 6`) is reported, not judged.
   */
  lighthouse: Record<string, LighthouseBudget>;
}

/**
 * `bench/budgets.json`: budgets per kind of page (decision 024: content and interactive
 * routes, each in English and Arabic) and per Lighthouse CPU slowdown, maximum axe
 * violations, the list render limit and the throughput budgets.
 */
export interface Budgets {
  /**
   * The product §2 patterns of the routes that hydrate, English and `/ar`, as the results
   * name them (`/invoice/{hash}`, `/ar/invoice/{hash}`); every other route is a content route.
   */
  interactiveRoutes: string[];
  content: PageKindBudgets;
  interactive: PageKindBudgets;
  axeViolations: number;
  /**
   * Under load (architecture §5): on each of `targets` (throughput target names, e.g. `/blogs/{id}`), the page-cached
   * answer's requests per second at least `cachedVsBareMin` × the bare static server's; on every target, at most
   * `maxNon2xx` answers outside 2xx (plus errors and timeouts) in any of its load tests.
   */
  throughput: { cachedVsBareMin: number; targets: string[]; maxNon2xx: number };
  /** Median server render time of `page` with `rows` seeded must be under `maxMs`. */
  listRender: { page: string; rows: number; maxMs: number };
  /**
   * Deliberate, explained departures from a Lighthouse minimum on one product §2 route, at
   * every slowdown (e.g. `/invoice/{hash}` is `noindex`: a private link must not be indexed).
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

/**
 * Reads and checks `bench/budgets.json`; throws naming the first missing or non-numeric
 * field, a CPU slowdown key that is not a number from 1 to 20, or an interactive route that
 * is not a product §2 pattern (`src/routes.ts`) or its `/ar` twin.
 */
export function loadBudgets(file: string): Budgets {
  const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<Budgets>;
  const need = (value: unknown, name: string): number => {
    if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${file}: "${name}" must be a number`);
    return value;
  };
  const listRender = raw.listRender ?? ({} as Partial<Budgets["listRender"]>);
  if (typeof listRender.page !== "string") throw new Error(`${file}: "listRender.page" must be a path`);
  const throughput = raw.throughput ?? ({} as Partial<Budgets["throughput"]>);
  if (!Array.isArray(throughput.targets) || !throughput.targets.every((t) => typeof t === "string"))
    throw new Error(`${file}: "throughput.targets" must list target names`);
  const known = new Set<string>([...specRoutes, ...specRoutes.map(arabicPath)]);
  const interactiveRoutes = raw.interactiveRoutes;
  if (!Array.isArray(interactiveRoutes) || !interactiveRoutes.every((r) => typeof r === "string"))
    throw new Error(`${file}: "interactiveRoutes" must list product §2 routes`);
  const unknown = interactiveRoutes.filter((r) => !known.has(r));
  if (unknown.length)
    throw new Error(`${file}: "interactiveRoutes" names routes the bench does not measure: ${unknown.join(", ")}`);
  const kind = (name: PageKind): PageKindBudgets => {
    const given = raw[name] ?? ({} as Partial<PageKindBudgets>);
    const lighthouse: Record<string, LighthouseBudget> = {};
    const bySlowdown = given.lighthouse;
    if (typeof bySlowdown !== "object" || bySlowdown === null || Object.keys(bySlowdown).length === 0)
      throw new Error(`${file}: "${name}.lighthouse" must hold the budgets of each CPU slowdown ("4", "8")`);
    for (const [slowdown, budget] of Object.entries(bySlowdown)) {
      const at = `${name}.lighthouse.${slowdown}`;
      const value = Number(slowdown);
      if (!(Number.isFinite(value) && value >= 1 && value <= 20))
        throw new Error(`${file}: "${at}": a CPU slowdown must be a number from 1 to 20`);
      const given: Partial<LighthouseBudget> = budget ?? {};
      lighthouse[slowdown] = {
        performance: need(given.performance, `${at}.performance`),
        accessibility: need(given.accessibility, `${at}.accessibility`),
        bestPractices: need(given.bestPractices, `${at}.bestPractices`),
        seo: need(given.seo, `${at}.seo`),
        ...(given.maxTbtMs === undefined ? {} : { maxTbtMs: need(given.maxTbtMs, `${at}.maxTbtMs`) }),
        ...(given.maxCls === undefined ? {} : { maxCls: need(given.maxCls, `${at}.maxCls`) }),
      };
    }
    return { routeJsGzipKB: need(given.routeJsGzipKB, `${name}.routeJsGzipKB`), lighthouse };
  };
  return {
    interactiveRoutes: [...interactiveRoutes],
    content: kind("content"),
    interactive: kind("interactive"),
    axeViolations: need(raw.axeViolations, "axeViolations"),
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
