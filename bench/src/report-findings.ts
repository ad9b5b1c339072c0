import { categoryLabels } from "./budgets.ts";
import { hasLighthouse, num, table } from "./report-format.ts";
import type { RouteResult } from "./types.ts";

const metricNames: Record<string, string> = {
  "first-contentful-paint": "FCP",
  "speed-index": "SI",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
};

/**
 * The report's "Why" section: the performance points each metric costs, the audits that
 * did not pass and each route's LCP element, from the representative Lighthouse run.
 */
export function findingSections(measured: readonly RouteResult[]): string[] {
  const out: string[] = [];
  const losses = measured.filter(hasLighthouse).filter((r) => Object.keys(r.lighthouse.metricLoss).length);
  const findings = collectFindings(measured);
  if (losses.length || findings.length) {
    out.push("## Why: Lighthouse details of the representative run (the one with the median performance score)", "");
  }
  if (losses.length) {
    const metrics = [...new Set(losses.flatMap((r) => Object.keys(r.lighthouse.metricLoss)))];
    out.push("Performance points each metric costs (its weight × (1 − its score)):", "");
    out.push(
      table(
        ["Route", "Perf", ...metrics.map((id) => metricNames[id] ?? id)],
        losses.map((r) => [
          `\`${r.path}\``,
          num(r.lighthouse.median.performance),
          ...metrics.map((id) => {
            const loss = r.lighthouse.metricLoss[id];
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
        ["Category", "Audit", "Routes", "Example"],
        findings.map((f) => [
          f.category,
          `${f.title} (\`${f.id}\`)`,
          f.routes.length === measured.length && measured.length > 3 ? `all ${f.routes.length}` : f.routes.join(" "),
          f.example,
        ]),
      ),
      "",
    );
    const lcp = measured.filter(hasLighthouse).filter((r) => r.lighthouse.lcpElement);
    if (lcp.length) {
      out.push("LCP element per route:", "");
      for (const r of lcp) out.push(`- \`${r.path}\`: ${r.lighthouse.lcpElement}`);
      out.push("");
    }
  }
  return out;
}

/**
 * Failed audits grouped by audit id across routes, most widespread first, each with an
 * example: the first route's value (display value, else its first offending item).
 */
export function collectFindings(
  routes: readonly RouteResult[],
): { id: string; category: string; title: string; routes: string[]; example: string }[] {
  const byId = new Map<string, { id: string; category: string; title: string; routes: string[]; example: string }>();
  for (const r of routes) {
    for (const a of r.lighthouse?.failedAudits ?? []) {
      let entry = byId.get(a.id);
      if (!entry) {
        const detail = [a.displayValue, a.items?.[0]].filter(Boolean).join(": ");
        entry = {
          id: a.id,
          category: a.category,
          title: a.title,
          routes: [],
          example: detail ? `\`${r.path}\`: ${detail}` : "",
        };
        byId.set(a.id, entry);
      }
      entry.routes.push(`\`${r.path}\``);
    }
  }
  const order = Object.values(categoryLabels);
  return [...byId.values()].sort(
    (a, b) =>
      b.routes.length - a.routes.length ||
      order.indexOf(a.category) - order.indexOf(b.category) ||
      a.id.localeCompare(b.id),
  );
}
