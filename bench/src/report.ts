import { type Budgets, categoryLabels } from "./budgets-file.ts";
import { offProductNode } from "./machine.ts";
import { findingSections } from "./report-findings.ts";
import { table } from "./report-format.ts";
import { pageSections } from "./report-pages.ts";
import { serverSections } from "./report-server.ts";
import type { BenchResults, MachineInfo } from "./types.ts";

function duration(msTotal: number): string {
  const s = Math.round(msTotal / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/** "4×", "4× and 8×", "4×, 6× and 8×". */
function slowdownList(slowdowns: readonly (number | string)[]): string {
  const named = slowdowns.map((s) => `${s}×`);
  return named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}` : (named[0] ?? "");
}

/**
 * What the run measured, as its header states it: a full run (`npm run bench`, the one
 * that writes `bench/results/latest.*`), else a quick or partial one with its options, and
 * in every case its phases, routes, Lighthouse runs per page and CPU slowdowns.
 */
function runScope(results: BenchResults): { title: string; measured: string } {
  const { scope, settings } = results;
  const kind = scope.full ? "Full" : results.mode === "quick" ? "Quick" : "Partial";
  const command = `npm run bench${scope.arguments.length ? ` -- ${scope.arguments.join(" ")}` : ""}`;
  const routes = scope.routes ? `routes ${scope.routes.map((r) => `\`${r}\``).join(", ")}` : "every product §2 route";
  const lighthouse = scope.phases.includes("lighthouse")
    ? `Lighthouse ${settings.lighthouseRuns} run${settings.lighthouseRuns === 1 ? "" : "s"} per page at ` +
      `${settings.cpuSlowdowns.length > 1 ? "each of " : ""}${slowdownList(settings.cpuSlowdowns)} CPU slowdown`
    : "no Lighthouse";
  return {
    title: `${kind} run of \`${command}\`${scope.full ? "" : " (not a full run)"}`,
    measured: `Measured: phases ${scope.phases.join(", ")}; ${routes}; ${lighthouse}.`,
  };
}

/**
 * A host whose fastest run measured it this many times faster than its slowest was not steady:
 * the blocking times of its runs move with it (decision 024, sixth round).
 */
const UNSTEADY_HOST_RATIO = 1.25;

/**
 * The header's benchmarkIndex sentence: the median of every run, then of each slowdown's
 * runs, the lowest and highest run, and a warning when they are further apart than
 * `UNSTEADY_HOST_RATIO`.
 */
function benchmarkIndexText(m: MachineInfo): string {
  const bySlowdown = Object.entries(m.benchmarkIndexBySlowdown ?? {});
  const [lowest, highest] = m.benchmarkIndexRange ?? [];
  const unsteady = lowest !== undefined && highest !== undefined && highest > lowest * UNSTEADY_HOST_RATIO;
  return (
    `Lighthouse CPU benchmarkIndex ${m.benchmarkIndex} (median of its runs` +
    (bySlowdown.length ? `: ${bySlowdown.map(([slowdown, index]) => `${index} at ${slowdown}×`).join(", ")}` : "") +
    (lowest === undefined ? "" : `; from ${lowest} to ${highest}`) +
    ")." +
    (unsteady
      ? " The host's speed was not steady (its fastest run measured it more than a quarter faster than its " +
        "slowest): other work shared its processors, and Lighthouse's simulated throttling multiplies the " +
        "host's own task times, so blocking times carry that noise."
      : "")
  );
}

/**
 * The readable report (`bench/results/latest.md`): run header with date and machine,
 * budgets missed, then the Lighthouse, weight, throughput, scale and baseline tables, the
 * failed Lighthouse audits behind the misses, and notes. Values that miss a budget carry ✗.
 */
export function renderMarkdown(results: BenchResults, budgets: Budgets): string {
  const m = results.machine;
  const out: string[] = [];
  const measured = results.routes.filter((r) => !r.skipped);
  const scope = runScope(results);
  out.push("# Benchmark results", "");
  out.push(
    `${scope.title} · ` +
      `${results.date.replace("T", " ").replace(/\.\d+Z$/, " UTC")} · took ${duration(results.durationMs)} · ` +
      `commit \`${m.commit}\`${m.dirty ? " (with uncommitted changes)" : ""}`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.ramGB} GB RAM, ${m.os} · Node ${m.node} · Chromium ` +
      `${m.chromium} · Lighthouse ${m.lighthouse} · autocannon ${m.autocannon}. ` +
      `Load average ${m.loadStart.toFixed(1)} at the start and ${m.loadEnd.toFixed(1)} at ` +
      `the end: the machine is shared, so the numbers carry noise (Lighthouse varies by several ` +
      `points between runs here).` +
      (m.benchmarkIndex === undefined ? "" : ` ${benchmarkIndexText(m)}`) +
      (offProductNode(m)
        ? ` Node ${m.node} is not the product's runtime (\`.nvmrc\`: ${m.productNode}): the server was ` +
          "measured on it, and its throughput reads lower there than on the product's."
        : ""),
    "",
    scope.measured,
    "",
    `Phases: ${Object.entries(results.phases)
      .map(([name, s]) => `${name} ${Math.round(s)} s`)
      .join(", ")}.`,
    "",
  );

  out.push("## Budgets", "");
  if (results.misses.length === 0) {
    out.push("Every budget holds (`bench/budgets.json`, judged on medians).", "");
  }
  out.push(
    `Interactive routes (\`interactiveRoutes\`): ${budgets.interactiveRoutes.map((r) => `\`${r}\``).join(", ")}; ` +
      `every other route is a content route. Lighthouse budgets per kind and CPU slowdown are under each ` +
      `Lighthouse table; JS: ${budgets.content.routeJsGzipKB} KB gzip on a content route, ` +
      `${budgets.interactive.routeJsGzipKB} KB on an interactive one.`,
    "",
  );
  for (const e of budgets.lighthouseExceptions) {
    out.push(
      `Exception: \`${e.route}\` Lighthouse ${categoryLabels[e.category]} ≥ ${e.min} at every slowdown. ${e.reason}`,
      "",
    );
  }
  if (results.misses.length > 0) {
    out.push(
      `${results.misses.length} budget${results.misses.length === 1 ? "" : "s"} missed ` +
        `(\`bench/budgets.json\`, judged on medians):`,
      "",
    );
    // One row per budget and limit: a budget's limit differs between content and interactive routes.
    const groups = new Map<string, { budget: string; limit: string; where: string[] }>();
    for (const miss of results.misses) {
      const key = `${miss.budget}\u0000${miss.limit}`;
      const group = groups.get(key) ?? { budget: miss.budget, limit: miss.limit, where: [] };
      group.where.push(`\`${miss.where}\` ${miss.actual}`);
      groups.set(key, group);
    }
    out.push(
      table(
        ["Budget", "Limit", "Missed on"],
        [...groups.values()].map((g) => [g.budget, g.limit, `${g.where.length}: ${g.where.join(", ")}`]),
      ),
      "",
    );
  }

  out.push(...pageSections(results, budgets, measured));
  out.push(...serverSections(results, budgets));
  out.push(...findingSections(measured));

  const notes = [...results.notes];
  for (const r of results.routes) if (r.skipped) notes.push(`\`${r.route}\` skipped: ${r.skipped}`);
  for (const t of results.throughput) if (t.skipped) notes.push(`Throughput \`${t.target}\` skipped: ${t.skipped}`);
  if (notes.length) {
    out.push("## Notes", "");
    for (const n of notes) out.push(`- ${n}`);
    out.push("");
  }
  return out.join("\n");
}
