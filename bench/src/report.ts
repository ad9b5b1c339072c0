import { type Budgets, categoryLabels, kb, lighthouseMinimum } from "./budgets.ts";
import type { BenchResults, LighthouseResult, LighthouseScores, LoadStats, RouteResult } from "./types.ts";

/** A route that Lighthouse measured. */
type WithLighthouse = RouteResult & { lighthouse: LighthouseResult };
const hasLighthouse = (r: RouteResult): r is WithLighthouse => r.lighthouse !== undefined;

const MISS = " ✗";

const metricNames: Record<string, string> = {
  "first-contentful-paint": "FCP",
  "speed-index": "SI",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
};

/** A Markdown table from a header and rows; `|` inside cells is escaped. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align?: readonly ("l" | "r")[],
): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const sep = header.map((_, i) => ((align?.[i] ?? "l") === "r" ? "---:" : "---"));
  return [header, sep, ...rows].map((r) => `| ${r.map(cell).join(" | ")} |`).join("\n");
}

function ms(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined ? "–" : `${value.toFixed(digits)} ms`;
}

function num(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined ? "–" : value.toFixed(digits);
}

function duration(msTotal: number): string {
  const s = Math.round(msTotal / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/** A score with ✗ when under its budget (a missing score is shown as "–" and also marked). */
function score(route: RouteResult, key: keyof LighthouseScores, budgets: Budgets): string {
  const value = route.lighthouse?.median[key] ?? null;
  const miss = value === null || value < lighthouseMinimum(budgets, route.route, key);
  return `${value === null ? "–" : value}${miss ? MISS : ""}`;
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
  out.push("# Benchmark results", "");
  out.push(
    `${results.mode === "quick" ? "Quick" : "Full"} run of \`npm run ` +
      `bench${results.mode === "quick" ? " -- --quick" : ""}\` · ` +
      `${results.date.replace("T", " ").replace(/\.\d+Z$/, " UTC")} · took ${duration(results.durationMs)} · ` +
      `commit \`${m.commit}\`${m.dirty ? " (with uncommitted changes)" : ""}`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.ramGB} GB RAM, ${m.os} · Node ${m.node} · Chromium ` +
      `${m.chromium} · Lighthouse ${m.lighthouse} · autocannon ${m.autocannon}. ` +
      `Load average ${m.loadStart.toFixed(1)} at the start and ${m.loadEnd.toFixed(1)} at ` +
      `the end: the machine is shared, so the numbers carry noise (Lighthouse varies by several ` +
      `points between runs here).` +
      (m.benchmarkIndex === undefined
        ? ""
        : ` Lighthouse CPU benchmarkIndex ${m.benchmarkIndex} (median of its runs), simulated CPU slowdown ` +
          `${results.settings.cpuSlowdown ?? 4}×.`),
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
  for (const e of budgets.lighthouseExceptions) {
    out.push(`Exception: \`${e.route}\` Lighthouse ${categoryLabels[e.category]} ≥ ${e.min}. ${e.reason}`, "");
  }
  if (results.misses.length > 0) {
    out.push(
      `${results.misses.length} budget${results.misses.length === 1 ? "" : "s"} missed ` +
        `(\`bench/budgets.json\`, judged on medians):`,
      "",
    );
    const groups = new Map<string, { limit: string; where: string[] }>();
    for (const miss of results.misses) {
      const group = groups.get(miss.budget) ?? { limit: miss.limit, where: [] };
      group.where.push(`\`${miss.where}\` ${miss.actual}`);
      groups.set(miss.budget, group);
    }
    out.push(
      table(
        ["Budget", "Limit", "Missed on"],
        [...groups].map(([budget, g]) => [budget, g.limit, `${g.where.length}: ${g.where.join(", ")}`]),
      ),
      "",
    );
  }

  const withLighthouse = measured.filter(hasLighthouse);
  if (withLighthouse.length) {
    out.push(`## Pages: Lighthouse mobile, median of ${results.settings.lighthouseRuns}`, "");
    out.push(
      `Lighthouse's default (mobile) configuration with its simulated throttling, Debian Chromium ` +
        `headless. Scores 0–100; transfer is Lighthouse's total byte weight (KB = 1000 bytes). ` +
        `Budgets: performance ≥ ${budgets.lighthouse.performance}, accessibility, best practices ` +
        `and SEO ${budgets.lighthouse.accessibility}.`,
      "",
    );
    out.push(
      table(
        ["Route", "Perf", "A11y", "BP", "SEO", "LCP", "TBT", "CLS", "Transfer KB"],
        withLighthouse.map((r) => {
          const med = r.lighthouse.median;
          return [
            `\`${r.path}\``,
            score(r, "performance", budgets),
            score(r, "accessibility", budgets),
            score(r, "bestPractices", budgets),
            score(r, "seo", budgets),
            ms(med.lcpMs),
            ms(med.tbtMs),
            num(med.cls, 3),
            med.transferBytes === null ? "–" : kb(med.transferBytes),
          ];
        }),
        ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
      ),
      "",
    );
  }

  const withWeight = measured.filter((r) => r.weight || r.axe);
  if (withWeight.length) {
    const base = results.baseline?.js.gzip;
    out.push("## Weight and accessibility: first load, English and Arabic", "");
    out.push(
      `Bytes of the responses Chromium received while loading each route until the network was idle ` +
        `(Playwright, desktop viewport). "JS" is every script fetched by then — what the budget of ` +
        `${budgets.routeJsGzipKB} KB counts (architecture §5): a first visit downloads it whether it is needed before ` +
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
          const jsMiss = w && w.js.gzip > budgets.routeJsGzipKB * 1000 ? MISS : "";
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

  if (results.throughput.length) {
    const { cachedVsBareMin, targets } = budgets.throughput;
    out.push("## Server throughput: cold render, page cache, bare static server", "");
    out.push(
      `autocannon, ${results.settings.throughputConnections} connections, ` +
        `${results.settings.throughputSeconds} s per measure, \`accept-encoding: ` +
        `${results.settings.throughputAcceptEncoding}\` (as a browser), against one server process started as ` +
        `\`npm start\` would, with ${Math.max(...results.settings.scaleSteps)} flights and ` +
        `${Math.max(...results.settings.scaleSteps)} events seeded. "Cold" renders every request: each carries ` +
        `its own unknown query parameter (\`?__bench=<id>\`), which the page cache never keeps (decision 017), ` +
        `so React renders and the HTML is gzipped on the fly (the API answers behind it are still cached, ` +
        `decision 012). "Cached" is the plain URL, answered from the page cache (\`x-page-cache: hit\`, ` +
        `precompressed). "Bare" is the ceiling: a bare \`node:http\` server in its own process sending the ` +
        `very bytes and headers of the cached answer from memory. Budget: cached/bare ≥ ${cachedVsBareMin} on ` +
        `${targets.map((t) => `\`${t}\``).join(", ")}, and no answer outside 2xx under load anywhere. ` +
        `autocannon runs on the same 2-core machine and takes one core of the two, and the machine is shared: ` +
        `absolute rates are lower than on a dedicated client and vary between runs.`,
      "",
    );
    const errors = (s: LoadStats | null) => (s?.errors ? ` (${s.errors} non-2xx)` : "");
    out.push(
      table(
        [
          "Target",
          "Cold req/s",
          "Cold p50",
          "Cached req/s",
          "Cached p50",
          "Cached p99",
          "Bare req/s",
          "Bare p50",
          "Cached/bare",
          "Cached/cold",
          "Body KB (as sent)",
        ],
        results.throughput.map((t) => {
          if (t.skipped) return [`\`${t.target}\``, "skipped", "", "", "", "", "", "", "", "", ""];
          const miss = targets.includes(t.target) && !(t.ratio >= cachedVsBareMin) ? MISS : "";
          return [
            `\`${t.path}\``,
            t.cold ? `${num(t.cold.rps)}${errors(t.cold)}` : "–",
            t.cold ? ms(t.cold.p50Ms) : "–",
            `${num(t.cached.rps)}${errors(t.cached)}`,
            ms(t.cached.p50Ms),
            ms(t.cached.p99Ms),
            `${num(t.bare.rps)}${errors(t.bare)}`,
            ms(t.bare.p50Ms),
            `${t.ratio.toFixed(2)}${miss}`,
            t.cold?.rps ? `${(t.cached.rps / t.cold.rps).toFixed(1)}×` : "–",
            `${kb(t.cached.bodyBytes)} ${t.encoding}`,
          ];
        }),
        ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
      ),
      "",
    );
  }

  if (results.scale.length) {
    const { page, rows, maxMs } = budgets.listRender;
    out.push("## Scale: render time and HTML size by rows", "");
    out.push(
      `Server time to the full HTML: median and p90 of ${results.settings.renderSamples} sequential requests ` +
        `after a warm-up, measured by the bench on the same machine (no compression, time from sending the ` +
        `request to the last byte). Rows seeded = flights and events each; "of it API call" = median time of ` +
        `the page's own API request on its own (its data part); inline scripts = React Router's hydration data ` +
        `(the loader data again, serialised); /transport shows at most 100 (product §7 limit 100), /flights at ` +
        `most 1 000. Budget: \`${page}\` with ${rows} rows under ${maxMs} ms.`,
      "",
    );
    out.push(
      table(
        [
          "Page",
          "Rows seeded",
          "Rows listed",
          "Cards in HTML",
          "Render median",
          "Render p90",
          "of it API call",
          "HTML raw KB",
          "of it inline scripts KB",
          "HTML gzip KB",
        ],
        results.scale.map((s) => {
          const miss = s.page === page && s.rows === rows && !(s.medianMs < maxMs) ? MISS : "";
          return [
            `\`${s.page}\``,
            String(s.rows),
            String(s.shown),
            String(s.cardsInHtml ?? "–"),
            `${ms(s.medianMs, 1)}${miss}`,
            ms(s.p90Ms, 1),
            ms(s.apiMedianMs, 1),
            kb(s.htmlRaw),
            kb(s.inlineScriptRaw),
            kb(s.htmlGzip),
          ];
        }),
        ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
      ),
      "",
    );
  }

  if (results.baseline) {
    const b = results.baseline;
    out.push("## Baseline: the original client stack", "");
    out.push(
      `\`bench/baseline/\`: a minimal single-page app that imports and uses ${Object.keys(b.packages).length} ` +
        `packages, bundled by Vite (production, minified, tree-shaken, one entry): JS ${kb(b.js.raw)} KB raw, ` +
        `**${kb(b.js.gzip)} KB gzip**; CSS ${kb(b.css.raw)} KB raw, ${kb(b.css.gzip)} KB gzip. ` +
        `Packages: ${Object.entries(b.packages)
          .map(([n, v]) => `${n} ${v}`)
          .join(", ")}.`,
      "",
    );
  }

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
