import AxeBuilder from "@axe-core/playwright";
import { chromium, type Response } from "@playwright/test";
import { kindOf, type LoadedResource, weigh } from "./bytes.ts";
import { chromiumFlags } from "./chromium.ts";
import { onCleanup } from "./cleanup.ts";
import type { AxeResult, WeightResult } from "./types.ts";

/** The tags of e2e/fixtures.ts `expectNoAxeViolations` (WCAG 2.x A/AA and best practices). */
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export interface WeightJob {
  key: string;
  /** Path and query to load on the server's origin. */
  path: string;
}

/**
 * Loads every route in a fresh browser context of Playwright's Chromium (desktop
 * viewport, like the e2e suite) until the network is idle, weighs what it loaded, then
 * runs axe on the loaded page, two routes at a time. Answers both per route key.
 */
export async function runWeightAndAxe(
  jobs: readonly WeightJob[],
  options: { chromePath: string; log: (line: string) => void; ensureServer: () => Promise<string> },
): Promise<Map<string, { weight: WeightResult; axe: AxeResult }>> {
  const browser = await chromium.launch({
    executablePath: options.chromePath,
    args: chromiumFlags.filter((f) => !f.startsWith("--headless")),
    // The bench's own handler closes the browser, then removes its folders, then exits.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const stop = onCleanup("Chromium (Playwright)", () => browser.close());
  const out = new Map<string, { weight: WeightResult; axe: AxeResult }>();
  const measure = async (job: WeightJob, attempt = 1): Promise<void> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const responses: Response[] = [];
      const listener = (response: Response) => responses.push(response);
      page.on("response", listener);
      await page.goto((await options.ensureServer()) + job.path, { waitUntil: "networkidle", timeout: 60_000 });
      page.off("response", listener);

      const resources: LoadedResource[] = [];
      for (const response of responses) {
        const request = response.request();
        if (response.status() >= 300 && response.status() < 400) continue;
        const url = new URL(response.url());
        if (url.protocol === "data:") continue;
        // Chromium may have dropped a body from its buffer by the time it is asked for (two
        // pages load at once on a busy machine): fetch the same URL again, hashed assets are the same bytes.
        const body = await response
          .body()
          .catch(() => context.request.get(response.url()).then((again) => again.body()))
          .catch(() => Buffer.alloc(0));
        const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
        resources.push({
          path: url.pathname + url.search,
          kind: kindOf(request.resourceType(), response.headers()["content-type"] ?? ""),
          body,
          transferBytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      }
      const weight = weigh(resources);
      // Every page hydrates, so a load that fetched no script did not run the page (seen once
      // in a busy run: Chromium fetched only the HTML and CSS). Measured again, at most twice.
      if (weight.js.files.length === 0) {
        if (attempt < 3) {
          options.log(`  weight ${job.key}: no script loaded, measuring again`);
          return measure(job, attempt + 1);
        }
        throw new Error(`${job.key}: no script loaded in ${attempt} loads`);
      }

      const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
      const axe: AxeResult = {
        violations: results.violations.length,
        rules: results.violations.map((v) => `${v.id} (${v.nodes.length})`),
      };
      out.set(job.key, { weight, axe });
      options.log(
        `  weight ${job.key.padEnd(24)} JS ${(weight.js.gzip / 1000).toFixed(1)} KB gzip until idle ` +
          `(${(weight.jsLazy.gzip / 1000).toFixed(1)} after hydration) CSS ${(weight.css.gzip / 1000).toFixed(1)} HTML ` +
          `${(weight.html.gzip / 1000).toFixed(1)} · axe ` +
          `${axe.violations}${axe.violations ? ` ${axe.rules.join(", ")}` : ""}`,
      );
    } finally {
      await context.close();
    }
  };
  try {
    // Nothing here is timed, so two pages load at once (the machine has two cores).
    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await measure(job);
      }),
    );
  } finally {
    await stop();
  }
  return out;
}
