import { checkLighthouse, jsLimitKB, kb } from "./budgets.ts";
import type { Budgets, LighthouseBudget } from "./budgets-file.ts";
import { lighthouseAt, MISS, measuredSlowdowns, ms, num, table } from "./report-format.ts";
import type { BenchResults, FloorResult, LighthouseScores, RouteResult } from "./types.ts";

/** A Lighthouse budget in words: "performance 100, …, TBT ≤ 10 ms, CLS 0". */
function budgetText(budget: LighthouseBudget): string {
  const min = (value: number) => (value >= 100 ? "100" : `≥ ${value}`);
  return [
    `performance ${min(budget.performance)}`,
    `accessibility ${min(budget.accessibility)}`,
    `best practices ${min(budget.bestPractices)}`,
    `SEO ${min(budget.seo)}`,
    ...(budget.maxTbtMs === undefined ? [] : [`TBT ≤ ${budget.maxTbtMs} ms`]),
    ...(budget.maxCls === undefined ? [] : [`CLS ${budget.maxCls === 0 ? "0" : `≤ ${budget.maxCls}`}`]),
  ].join(", ");
}

/** The sentence naming both kinds' Lighthouse budgets at one slowdown (exceptions are in the Budgets section). */
function budgetsAt(budgets: Budgets, cpuSlowdown: string): string {
  const content = budgets.content.lighthouse[cpuSlowdown];
  const interactive = budgets.interactive.lighthouse[cpuSlowdown];
  if (!content && !interactive)
    return `\`bench/budgets.json\` has no budgets at ${cpuSlowdown}×: measured, not judged.`;
  return (
    `Budgets at ${cpuSlowdown}× (medians): content routes ${content ? budgetText(content) : "none"}; interactive ` +
    `routes ${interactive ? budgetText(interactive) : "none"}. TBT is judged to the whole millisecond and CLS to ` +
    `three decimals, as shown.`
  );
}

/**
 * The sentence under a slowdown's Lighthouse table naming the floor's median TBT and
 * performance there (BenchResults.floor, decision 024): reported so a route's figures can
 * be read against what the host and Lighthouse cost a page that does nothing, never judged.
 */
export function floorLine(floor: FloorResult): string {
  const { median } = floor;
  return (
    `Floor: an HTML page with one heading and one paragraph, no CSS and no script, served by a bare server on ` +
    `this host: TBT ${ms(median.tbtMs)}, performance ${median.performance ?? "–"} (median of ${floor.runs.length}).`
  );
}

/**
 * The report's page sections: one Lighthouse table per CPU slowdown measured (medians, ✗
 * on what misses the route's budget at that slowdown), its host's benchmarkIndex in the
 * heading and the floor's line under it, then the weight and axe table of each measured route (✗ over the route's
 * kind's JS limit), with the first route's scripts.
 */
export function pageSections(results: BenchResults, budgets: Budgets, measured: readonly RouteResult[]): string[] {
  const out: string[] = [];
  for (const slowdown of measuredSlowdowns(measured)) {
    const index = results.machine.benchmarkIndexBySlowdown?.[slowdown];
    out.push(
      `## Pages: Lighthouse mobile at ${slowdown}× CPU slowdown, median of ${results.settings.lighthouseRuns}` +
        (index === undefined ? "" : ` (benchmarkIndex ${index})`),
      "",
    );
    out.push(
      `Lighthouse's default (mobile) configuration with its simulated throttling` +
        `${slowdown === "4" ? "" : `, the CPU slowed ${slowdown}× instead of 4×`}, Debian Chromium headless. ` +
        `Scores 0–100; transfer is Lighthouse's total byte weight (KB = 1000 bytes). ${budgetsAt(budgets, slowdown)}`,
      "",
    );
    const rows: string[][] = [];
    for (const r of measured) {
      const result = lighthouseAt(r, slowdown);
      if (!result) continue;
      const med = result.median;
      const checks = checkLighthouse(budgets, r.route, slowdown, med);
      const mark = (measure: keyof LighthouseScores | "tbtMs" | "cls") =>
        checks.some((c) => c.measure === measure && c.miss) ? MISS : "";
      const score = (key: keyof LighthouseScores) => `${med[key] ?? "–"}${mark(key)}`;
      rows.push([
        `\`${r.path}\``,
        score("performance"),
        score("accessibility"),
        score("bestPractices"),
        score("seo"),
        ms(med.lcpMs),
        `${ms(med.tbtMs)}${mark("tbtMs")}`,
        `${num(med.cls, 3)}${mark("cls")}`,
        med.transferBytes === null ? "–" : kb(med.transferBytes),
      ]);
    }
    out.push(
      table(["Route", "Perf", "A11y", "BP", "SEO", "LCP", "TBT", "CLS", "Transfer KB"], rows, [
        "l",
        "r",
        "r",
        "r",
        "r",
        "r",
        "r",
        "r",
        "r",
      ]),
      "",
    );
    const floor = results.floor?.[slowdown];
    if (floor) out.push(floorLine(floor), "");
  }

  const withWeight = measured.filter((r) => r.weight || r.axe);
  if (withWeight.length) {
    const base = results.baseline?.js.gzip;
    out.push("## Weight and accessibility: first load, English and Arabic", "");
    out.push(
      `Bytes of the responses Chromium received while loading each route until the network was idle ` +
        `(Playwright, desktop viewport). "JS" is every script fetched by then — what the budgets count, ` +
        `${budgets.content.routeJsGzipKB} KB on a content route and ${budgets.interactive.routeJsGzipKB} KB on an ` +
        `interactive one (architecture §5): a first visit downloads it whether it is needed before ` +
        `hydration or right after. Of it, "before hydration" are the scripts the HTML names and everything ` +
        `they import statically; "after hydration" are scripts reached by dynamic imports before the network ` +
        `went idle (what loads on first use instead is not counted, since a visit that does not use it never ` +
        `downloads it). Raw = decoded body; gzip = that body gzipped at level 9 with zlib (the server itself ` +
        `sends precompressed brotli for hashed assets, so the wire is smaller). KB = 1000 ` +
        `bytes.${base ? ` × baseline = JS gzip / the baseline's ${kb(base)} KB.` : ""} axe: ` +
        `@axe-core/playwright with the e2e tags (wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa, ` +
        `best-practice).`,
      "",
    );
    out.push(
      table(
        [
          "Route",
          "JS raw",
          "JS gzip",
          "× baseline",
          "of it before hydration",
          "after hydration",
          "CSS gzip",
          "HTML raw",
          "HTML gzip",
          "axe",
        ],
        withWeight.map((r) => {
          const w = r.weight;
          const jsMiss = w && (w.unreadable.length > 0 || w.js.gzip > jsLimitKB(budgets, r.route) * 1000) ? MISS : "";
          const axe = r.axe
            ? r.axe.violations === 0
              ? "0"
              : `${r.axe.violations}: ${r.axe.rules.join(", ")}${r.axe.violations > budgets.axeViolations ? MISS : ""}`
            : "–";
          return [
            `\`${r.path}\``,
            w ? kb(w.js.raw) : "–",
            w ? `${kb(w.js.gzip)}${jsMiss}` : "–",
            w && base ? `${(w.js.gzip / base).toFixed(2)}` : "–",
            w ? kb(w.jsInitial.gzip) : "–",
            w ? (w.jsLazy.gzip ? kb(w.jsLazy.gzip) : "0") : "–",
            w ? kb(w.css.gzip) : "–",
            w ? kb(w.html.raw) : "–",
            w ? kb(w.html.gzip) : "–",
            axe,
          ];
        }),
        ["l", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
      ),
      "",
    );
    const first = withWeight.find((r) => r.weight);
    if (first?.weight) {
      out.push(
        `Scripts of \`${first.path}\` by gzip size (KB): ` +
          `${first.weight.js.files.map((f) => `${f.path.replace(/^\/assets\//, "")} ${kb(f.gzip)}`).join(", ")}.`,
        "",
      );
    }
  }
  return out;
}
