import { type BareServer, startBareServer } from "./bare.ts";
import type { LighthouseJob } from "./lighthouse.ts";
import { median } from "./stats.ts";
import type { FloorResult, LighthouseResult } from "./types.ts";

/**
 * The floor (decision 024, third follow-up): Lighthouse on a page that costs nothing, run
 * beside the routes at each CPU slowdown, so the report can say how much of a route's
 * Total Blocking Time is the host and Lighthouse's own work rather than the page.
 */

/** The floor's Lighthouse job key and the bare server's name for it (not a path: never a route's). */
export const floorKey = "floor";

/**
 * The floor page's HTML (UTF-8): `<!DOCTYPE html>`, `lang="en"`, charset, viewport, title,
 * meta description, an empty `data:` favicon (so Chromium requests no `/favicon.ico`,
 * which the bare server would answer 404, a console error best practices counts) and a
 * body of one `<main>` with one `<h1>` and one `<p>`. No CSS, no script, no image: every
 * Lighthouse category can be 100, and nothing the page does blocks the main thread.
 */
export function floorPage(): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Bench floor</title>",
    '<meta name="description" content="A page with one heading and one paragraph, measured beside the routes.">',
    '<link rel="icon" href="data:,">',
    "</head>",
    "<body>",
    "<main>",
    "<h1>Bench floor</h1>",
    "<p>One heading and one paragraph, no CSS and no script: what Lighthouse measures on this host when the page " +
      "itself costs nothing.</p>",
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/**
 * Starts a bare static server (bare-server.mjs, its own process; stopped on cleanup) that
 * answers the floor page, and only it, at `/floor`; `folder` is created and holds the
 * page's files. Answers the Lighthouse job that loads it (key `floorKey`) and `stop`.
 */
export async function startFloorServer(folder: string): Promise<{ job: LighthouseJob; stop: BareServer["stop"] }> {
  const page = { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: Buffer.from(floorPage()) };
  const server = await startBareServer(folder, new Map([[floorKey, page]]));
  return { job: { key: floorKey, path: `/${floorKey}`, origin: server.origin }, stop: server.stop };
}

/** The floor's result at one slowdown: the Lighthouse result with the median of its runs' benchmarkIndex (rounded). */
export function floorResult(lighthouse: LighthouseResult): FloorResult {
  const index = median(lighthouse.benchmarkIndexes ?? []);
  return { ...lighthouse, benchmarkIndex: index === null ? null : Math.round(index) };
}
