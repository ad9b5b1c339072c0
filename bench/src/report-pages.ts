import { type Budgets, kb } from "./budgets.ts";
import { hasLighthouse, MISS, ms, num, score, table } from "./report-format.ts";
import type { BenchResults, RouteResult } from "./types.ts";

/**
 * The report's page sections: the Lighthouse table (medians, ✗ under budget) and the
 * weight and axe table of each measured route, with the first route's scripts.
 */
export function pageSections(results: BenchResults, budgets: Budgets, measured: readonly RouteResult[]): string[] {
  const out: string[] = [];
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
  return out;
}
