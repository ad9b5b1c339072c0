import { kb } from "./budgets.ts";
import type { Budgets } from "./budgets-file.ts";
import { MISS, ms, num, table } from "./report-format.ts";
import type { BenchResults, LoadStats } from "./types.ts";

/**
 * The report's server sections: throughput (cold, cached and bare, the cached/bare ratio
 * against its budget), render time and HTML size by rows, and the original client stack.
 */
export function serverSections(results: BenchResults, budgets: Budgets): string[] {
  const out: string[] = [];
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
  return out;
}
