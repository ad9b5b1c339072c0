import { categoryLabels } from "./budgets-file.ts";
import { lighthouseAt, measuredSlowdowns, num, table } from "./report-format.ts";
import type { RouteResult } from "./types.ts";

const metricNames: Record<string, string> = {
  "first-contentful-paint": "FCP",
  "speed-index": "SI",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
};

/**
 * The report's "Why" section, from the representative Lighthouse run of each route at each
 * CPU slowdown: the performance points each metric costs (a table per slowdown), the audits
 * that did not pass (one table, saying at which slowdowns) and each route's LCP element.
 */
export function findingSections(measured: readonly RouteResult[]): string[] {
  const out: string[] = [];
  const losses = measuredSlowdowns(measured).map((slowdown) => ({
    slowdown,
    routes: measured.filter((r) => Object.keys(lighthouseAt(r, slowdown)?.metricLoss ?? {}).length),
  }));
  const findings = collectFindings(measured);
  if (losses.some((l) => l.routes.length) || findings.length) {
    out.push("## Why: Lighthouse details of the representative run (the one with the median performance score)", "");
  }
  for (const { slowdown, routes } of losses) {
    if (!routes.length) continue;
    const lossOf = (r: RouteResult) => lighthouseAt(r, slowdown)?.metricLoss ?? {};
    const metrics = [...new Set(routes.flatMap((r) => Object.keys(lossOf(r))))];
    out.push(`Performance points each metric costs at ${slowdown}× (its weight × (1 − its score)):`, "");
    out.push(
      table(
        ["Route", "Perf", ...metrics.map((id) => metricNames[id] ?? id)],
        routes.map((r) => [
          `\`${r.path}\``,
          num(lighthouseAt(r, slowdown)?.median.performance),
          ...metrics.map((id) => {
            const loss = lossOf(r)[id];
            return loss ? `−${loss.toFixed(1)}` : "";
          }),
        ]),
        ["l", "r", ...metrics.map(() => "r" as const)],
      ),
      "",
    );
  }
  if (findings.length) {
    out.push("Audits that did not pass:", "");
    out.push(
      table(
        ["Category", "Audit", "At", "Routes", "Example"],
        findings.map((f) => [
          f.category,
          `${f.title} (\`${f.id}\`)`,
          f.at.join(", "),
          f.routes.length === measured.length && measured.length > 3 ? `all ${f.routes.length}` : f.routes.join(" "),
          f.example,
        ]),
      ),
      "",
    );
    const lcp = measured.flatMap((r) => {
      const bySlowdown = Object.entries(r.lighthouse ?? {}).filter(([, result]) => result.lcpElement);
      const [first, ...others] = bySlowdown;
      if (!first) return [];
      const differing = others.filter(([, result]) => result.lcpElement !== first[1].lcpElement);
      return [
        `- \`${r.path}\`: ${first[1].lcpElement}` +
          differing.map(([slowdown, result]) => ` (at ${slowdown}×: ${result.lcpElement})`).join(""),
      ];
    });
    if (lcp.length) {
      out.push("LCP element per route:", "");
      out.push(...lcp);
      out.push("");
    }
  }
  return out;
}

/**
 * Failed audits grouped by audit id across routes and CPU slowdowns, most widespread first,
 * each with the slowdowns it failed at (`4×`), the routes it failed on at any of them, and
 * an example: the first route's value (display value, else its first offending item).
 */
export function collectFindings(
  routes: readonly RouteResult[],
): { id: string; category: string; title: string; at: string[]; routes: string[]; example: string }[] {
  type Finding = { id: string; category: string; title: string; at: string[]; routes: string[]; example: string };
  const byId = new Map<string, Finding>();
  const slowdowns = measuredSlowdowns(routes);
  for (const r of routes) {
    for (const slowdown of slowdowns) {
      for (const a of lighthouseAt(r, slowdown)?.failedAudits ?? []) {
        let entry = byId.get(a.id);
        if (!entry) {
          const detail = [a.displayValue, a.items?.[0]].filter(Boolean).join(": ");
          entry = {
            id: a.id,
            category: a.category,
            title: a.title,
            at: [],
            routes: [],
            example: detail ? `\`${r.path}\`${slowdowns.length > 1 ? ` at ${slowdown}×` : ""}: ${detail}` : "",
          };
          byId.set(a.id, entry);
        }
        if (!entry.at.includes(`${slowdown}×`)) entry.at.push(`${slowdown}×`);
        if (!entry.routes.includes(`\`${r.path}\``)) entry.routes.push(`\`${r.path}\``);
      }
    }
  }
  for (const entry of byId.values()) entry.at.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
  const order = Object.values(categoryLabels);
  return [...byId.values()].sort(
    (a, b) =>
      b.routes.length - a.routes.length ||
      order.indexOf(a.category) - order.indexOf(b.category) ||
      a.id.localeCompare(b.id),
  );
}
