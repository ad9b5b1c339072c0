// Lighthouse 13.5 declares Node >= 22.19: some of its insight audits call iterator helpers
// (`map.values().flatMap(…)`), which Node 20 lacks, and error without this polyfill.
import "core-js/actual/iterator/index.js";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromiumFlags } from "./chromium.ts";
import { onCleanup } from "./cleanup.ts";
import { benchmarkIndexOf, categories, failedAudits, lcpElement, metricLoss, runProblem, summarise } from "./lhr.ts";
import { median, medianIndex } from "./stats.ts";
import type { LighthouseResult } from "./types.ts";

/**
 * Lighthouse flags: the default (mobile) configuration with its simulated throttling,
 * limited to the four categories the budgets judge; the screenshot audits are skipped
 * (they feed no score and cost time).
 */
const flags = {
  output: "json" as const,
  logLevel: "error" as const,
  onlyCategories: Object.keys(categories),
  skipAudits: ["screenshot-thumbnails", "final-screenshot", "full-page-screenshot"],
  disableFullPageScreenshot: true,
};

export interface LighthouseJob {
  /** Key for the result (the route's path, or `floorKey`). */
  key: string;
  /** Path and query to load on the server's origin. */
  path: string;
  /** Another origin to load `path` on (the floor's bare server), instead of the pages server's. */
  origin?: string;
}

/**
 * Runs Lighthouse `runs` times over every job at one CPU slowdown in one Chromium (launched by
 * chrome-launcher from `chromePath`), interleaving routes (run 1 of every route, then
 * run 2…) so a burst of load from other work on the machine spreads over routes instead
 * of hitting one route's three runs. A run without scores is noted and run once more
 * (after `ensureServer`, which restarts a server that died). Saves the representative
 * run's full report as JSON under `reportDir`. Answers per-metric medians, and the
 * failed audits, metric losses and LCP element of the run with the median performance
 * score.
 */
export async function runLighthouse(
  jobs: readonly LighthouseJob[],
  options: {
    chromePath: string;
    runs: number;
    reportDir: string;
    log: (line: string) => void;
    /** Called before every run of a job without its own origin; restarts the server if it died and answers its origin. */
    ensureServer: () => Promise<string>;
    /**
     * Lighthouse's simulated CPU slowdown: its default mobile throttling (4×) with only this
     * multiplier set (8× models a low-end phone on these hosts).
     */
    cpuSlowdown: number;
  },
): Promise<Map<string, LighthouseResult>> {
  // handleSIGINT off: the bench's own handler stops everything, then removes its folders, then exits.
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: chromiumFlags,
    logLevel: "silent",
    handleSIGINT: false,
  });
  const stop = onCleanup("Chromium (Lighthouse)", () => chrome.kill());
  const reports = new Map<string, Result[]>();
  const warnings = new Map<string, string[]>();
  const once = async (job: LighthouseJob): Promise<Result> => {
    const origin = job.origin ?? (await options.ensureServer());
    // Lighthouse merges flags into its default settings: only the multiplier changes.
    const throttling = { cpuSlowdownMultiplier: options.cpuSlowdown };
    const result = await lighthouse(origin + job.path, { ...flags, throttling, port: chrome.port });
    if (!result) throw new Error(`Lighthouse answered nothing for ${job.path}`);
    return result.lhr;
  };
  const at = `${options.cpuSlowdown}×`;
  try {
    for (let run = 1; run <= options.runs; run++) {
      for (const job of jobs) {
        const started = Date.now();
        let lhr = await once(job);
        const problem = runProblem(lhr);
        if (problem) {
          // A run without scores (server gone, no paint under load…): note it and try once more.
          warnings.set(job.key, [
            ...(warnings.get(job.key) ?? []),
            `run ${run} had no score (${problem}); it was run again`,
          ]);
          options.log(`  lighthouse ${at} ${run}/${options.runs} ${job.key}: ${problem}; running it again`);
          lhr = await once(job);
          const again = runProblem(lhr);
          if (again)
            warnings.set(job.key, [...(warnings.get(job.key) ?? []), `run ${run} again had no score (${again})`]);
        }
        const list = reports.get(job.key) ?? [];
        list.push(lhr);
        reports.set(job.key, list);
        const s = summarise(lhr);
        options.log(
          `  lighthouse ${at} ${run}/${options.runs} ${job.key.padEnd(24)} perf ${s.performance ?? "–"} ` +
            `(benchmarkIndex ${benchmarkIndexOf(lhr) ?? "–"}) ` +
            `a11y ${s.accessibility ?? "–"} bp ${s.bestPractices ?? "–"} seo ${s.seo ?? "–"} ` +
            `LCP ${Math.round(s.lcpMs ?? 0)} ms TBT ${Math.round(s.tbtMs ?? 0)} ms ` +
            `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
  } finally {
    await stop();
  }

  mkdirSync(options.reportDir, { recursive: true });
  const out = new Map<string, LighthouseResult>();
  for (const [key, lhrs] of reports) {
    const runs = lhrs.map(summarise);
    const pick = medianIndex(runs, (r) => r.performance);
    const representative = lhrs[pick];
    if (!representative) throw new Error(`No Lighthouse report for ${key}`);
    const slug = key.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "") || "home";
    writeFileSync(path.join(options.reportDir, `${slug}.json`), JSON.stringify(representative));
    const element = lcpElement(representative);
    out.set(key, {
      runs,
      median: {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        bestPractices: median(runs.map((r) => r.bestPractices)),
        seo: median(runs.map((r) => r.seo)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        transferBytes: median(runs.map((r) => r.transferBytes)),
      },
      failedAudits: failedAudits(representative),
      metricLoss: metricLoss(representative),
      ...(element ? { lcpElement: element } : {}),
      benchmarkIndexes: lhrs.map(benchmarkIndexOf).filter((index): index is number => index !== null),
      runWarnings: [...(warnings.get(key) ?? []), ...new Set(lhrs.flatMap((l) => l.runWarnings.map(String)))],
    });
  }
  return out;
}
