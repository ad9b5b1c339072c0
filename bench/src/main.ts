import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@khayl/config/env";
import { measureBaseline } from "./baseline.ts";
import { judgeBudgets, loadBudgets } from "./budgets.ts";
import { installSignalHandlers, onCleanup, runCleanup, wasInterrupted } from "./cleanup.ts";
import { type CliOptions, isFullRun, parseCli, usage } from "./cli.ts";
import { getJson, httpGet } from "./http.ts";
import { runLighthouse } from "./lighthouse.ts";
import { machineInfo } from "./machine.ts";
import { renderMarkdown } from "./report.ts";
import { quickRoutes, type RouteContext, resolveRoute, scalePages, specRoutes, throughputTargets } from "./routes.ts";
import { measureMedian, measureRender } from "./scale.ts";
import { seedRows } from "./seed.ts";
import { findFreePort, type ServerHandle, startServer } from "./server.ts";
import { loadTest } from "./throughput.ts";
import type { BaselineResult, BenchResults, RouteResult, ScaleRow, ThroughputRow } from "./types.ts";
import { runWeightAndAxe } from "./weight.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const resultsDir = path.join(root, "bench/results");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The throughput server's copy of the build (apps/web/build*\/ is gitignored). */
const benchBuild = "build-bench";

const log = (line: string) => console.log(line);

/** A blog id from the blogs API, or why there is none (the API may not be merged yet). */
async function discoverBlogId(origin: string): Promise<RouteContext["blogId"]> {
  const url = `${origin}/api/v1/blog/getWebsiteBlogs?limit=1&offset=0`;
  try {
    const answer = await httpGet(url, { accept: "application/json", language: "en" });
    if (answer.status === 404)
      return { missing: "GET /api/v1/blog/getWebsiteBlogs answers 404 (the blogs API is not merged yet)" };
    if (answer.status !== 200) return { missing: `GET /api/v1/blog/getWebsiteBlogs answers ${answer.status}` };
    const id = (JSON.parse(answer.body.toString("utf8")) as { data?: { rows?: { id?: unknown }[] } }).data?.rows?.[0]
      ?.id;
    return typeof id === "number" ? id : { missing: "GET /api/v1/blog/getWebsiteBlogs lists no blog" };
  } catch (error) {
    return { missing: `GET /api/v1/blog/getWebsiteBlogs failed: ${(error as Error).message}` };
  }
}

/** The id of the first row of an API list (`path` with its query), or why there is none. */
async function discoverFirstId(origin: string, path: string): Promise<number | { missing: string }> {
  try {
    const answer = await httpGet(`${origin}${path}`, { accept: "application/json", language: "en" });
    if (answer.status !== 200) return { missing: `GET ${path} answers ${answer.status}` };
    const id = (JSON.parse(answer.body.toString("utf8")) as { data?: { rows?: { id?: unknown }[] } }).data?.rows?.[0]
      ?.id;
    return typeof id === "number" ? id : { missing: `GET ${path} lists nothing` };
  } catch (error) {
    return { missing: `GET ${path} failed: ${(error as Error).message}` };
  }
}

async function routeContext(server: ServerHandle): Promise<RouteContext> {
  // The start-up line with the invoice link may come just after the server starts answering.
  await new Promise((r) => setTimeout(r, 1000));
  const invoice = server.invoicePath();
  return {
    product: parseEnv({ PRODUCT_NAME: process.env.PRODUCT_NAME }).PRODUCT_NAME,
    blogId: await discoverBlogId(server.origin),
    showId: await discoverFirstId(server.origin, "/api/v1/event-services/website?limit=1&offset=0&showOnWebsite=true"),
    flightId: await discoverFirstId(
      server.origin,
      "/api/v1/selective-services/website?limit=1&offset=0&showOnWebsite=true&type=import",
    ),
    invoicePath: invoice ?? {
      missing:
        "the server printed no `Invoice: <url>` line and wrote no DATA_DIR/demo-invoice-url.txt " +
        "(the invoice page is not merged yet)",
    },
  };
}

function selectedRoutes(options: CliOptions): string[] {
  const chosen = options.routes ?? (options.quick ? [...quickRoutes] : [...specRoutes]);
  const unknown = chosen.filter((r) => !(specRoutes as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`Unknown route(s) ${unknown.join(", ")}; known: ${specRoutes.join(" ")}`);
  return chosen;
}

async function main(): Promise<number> {
  const options = parseCli(process.argv.slice(2));
  if (options.help) {
    console.log(usage);
    return 0;
  }
  installSignalHandlers();
  const started = Date.now();
  const date = new Date(started).toISOString();
  const budgets = loadBudgets(path.join(root, "bench/budgets.json"));
  if (!existsSync(chromePath))
    throw new Error(`Chromium not found at ${chromePath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const machine = machineInfo(root, chromePath);
  const full = isFullRun(options);
  const runName = `${date.replace(/[:.]/g, "-")}${options.quick ? "-quick" : full ? "" : "-partial"}`;
  const runDir = path.join(resultsDir, "runs", runName);
  mkdirSync(runDir, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), "khayl-bench-"));
  onCleanup("temporary data folders", () => rmSync(tmp, { recursive: true, force: true }));

  const phases: Record<string, number> = {};
  const notes: string[] = [];
  const phase = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const t0 = Date.now();
    log(`\n▶ ${name}`);
    const value = await work();
    const seconds = (Date.now() - t0) / 1000;
    phases[name] = seconds;
    log(`  (${name}: ${seconds.toFixed(0)} s)`);
    return value;
  };
  const settings = {
    lighthouseRuns: options.runs,
    throughputSeconds: options.quick ? 3 : 10,
    throughputConnections: 10,
    renderSamples: options.quick ? 7 : 20,
    scaleSteps: options.quick ? [10, 1000] : [10, 100, 1000],
  };
  log(
    `Khayl bench (${full ? "full run" : options.quick ? "quick run" : "partial run"}) on ${machine.cores} ` +
      `cores, load ${machine.loadStart.toFixed(1)}; results in ${path.relative(root, runDir)}`,
  );

  if (options.build) {
    await phase("build", () => {
      try {
        execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "pipe" });
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
        throw new Error(`npm run build failed:\n${stdout?.toString() ?? ""}${stderr?.toString() ?? ""}`);
      }
    });
  }
  const baseline: BaselineResult | null = options.only.has("weight")
    ? await phase("baseline", () => measureBaseline(root, log))
    : null;

  const scaleDir = path.join(tmp, "scale");
  const steps = options.only.has("scale") ? settings.scaleSteps : [Math.max(...settings.scaleSteps)];
  let firstSeed: Promise<void> | null = null;
  const [firstStep] = steps;
  const startFirstSeed = () => {
    if (firstStep === undefined || (!options.only.has("scale") && !options.only.has("throughput")))
      return Promise.resolve();
    const seeding = seedRows(scaleDir, firstStep);
    seeding.catch(() => undefined); // awaited (and its error reported) in the scale phase
    return seeding;
  };

  /**
   * Starts a server, runs `work` with it and stops it. The machine is shared: when the
   * server is killed from outside (a signal while starting, or dead after `work` failed),
   * it is started again and `work` repeated, once, with a note in the results.
   */
  const withServer = async <T>(
    what: string,
    where: { dataDir: string; webBuildDir?: string; port?: number },
    work: (server: ServerHandle) => Promise<T>,
  ): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      let server: ServerHandle | null = null;
      try {
        server = await startServer({
          root,
          port: where.port ?? (await findFreePort()),
          dataDir: where.dataDir,
          webBuildDir: where.webBuildDir,
        });
        return await work(server);
      } catch (error) {
        const killed = /signal/.test((error as Error).message) || (server !== null && !server.alive());
        if (attempt >= 2 || !killed || wasInterrupted()) throw error;
        notes.push(
          `${what}: the server was stopped from outside (${(error as Error).message.split("\n")[0]}); ` +
            `the step was repeated on a new server.`,
        );
        log(`  the server was stopped from outside; repeating ${what}…`);
      } finally {
        await server?.stop();
      }
    }
  };

  // Pages: Lighthouse, weight and axe on a fresh data folder with the demo data (`npm start`).
  const routes: RouteResult[] = [];
  if (options.only.has("lighthouse") || options.only.has("weight")) {
    const port = await findFreePort();
    const pagesDir = path.join(tmp, "pages");
    let server = await phase("start", async () => {
      try {
        return await startServer({ root, port, dataDir: pagesDir });
      } catch (error) {
        if (!/signal/.test((error as Error).message) || wasInterrupted()) throw error;
        notes.push(
          `The pages server was stopped from outside while starting (${(error as Error).message}); ` +
            `it was started again.`,
        );
        return startServer({ root, port, dataDir: pagesDir });
      }
    });
    /** Restarts the pages server on the same port and data if it died (once, however many callers ask). */
    let restarting: Promise<void> | null = null;
    const ensureServer = async () => {
      if (!server.alive()) {
        restarting ??= (async () => {
          notes.push(
            "The pages server died during the run and was restarted on the same data folder (its last output is " +
              "in the console).",
          );
          log("  restarting the server…");
          server = await startServer({ root, port, dataDir: pagesDir });
        })().finally(() => {
          restarting = null;
        });
        await restarting;
      }
      return server.origin;
    };
    const context = await routeContext(server);
    for (const route of selectedRoutes(options)) {
      const resolved = resolveRoute(route, context);
      if ("skipped" in resolved) {
        routes.push({ route, path: route, skipped: resolved.skipped });
        continue;
      }
      const answer = await httpGet(server.origin + resolved.path);
      for (let i = 0; i < 2; i++) await httpGet(server.origin + resolved.path); // warm the server's code paths
      routes.push({ route, path: resolved.path, status: answer.status });
      if (answer.status !== 200) {
        notes.push(
          `\`${resolved.path}\` answered ` +
            `${answer.status}${answer.headers.location ? ` → ${answer.headers.location}` : ""}: its figures ` +
            `describe that answer, not the intended page.`,
        );
      }
    }
    const measured = routes.filter((r) => !r.skipped);
    if (options.only.has("lighthouse")) {
      const lighthouse = await phase("lighthouse", () =>
        runLighthouse(
          measured.map((r) => ({ key: r.path, path: r.path })),
          { chromePath, runs: options.runs, reportDir: path.join(runDir, "lighthouse"), log, ensureServer },
        ),
      );
      for (const r of measured) r.lighthouse = lighthouse.get(r.path);
    }
    if (options.only.has("weight")) {
      // Weighing does not time anything, so the first scale step's database is prepared meanwhile.
      firstSeed ??= startFirstSeed();
      const weights = await phase("weight", () =>
        runWeightAndAxe(
          measured.map((r) => ({ key: r.path, path: r.path })),
          { chromePath, log, ensureServer },
        ),
      );
      for (const r of measured) Object.assign(r, weights.get(r.path));
    }
    await server.stop();
  }

  // Scale and throughput: seeded rows in steps on another fresh data folder, served from a copy of the build.
  const scale: ScaleRow[] = [];
  const throughput: ThroughputRow[] = [];
  if (options.only.has("scale") || options.only.has("throughput")) {
    const dataDir = scaleDir;
    const copy = path.join(root, "apps/web", benchBuild);
    rmSync(copy, { recursive: true, force: true });
    cpSync(path.join(root, "apps/web/build"), copy, { recursive: true });
    onCleanup("build copy", () => rmSync(copy, { recursive: true, force: true }));
    // @fastify/static lists the client folder when the server starts and reads a file when
    // it is asked for: empty twins now, filled with the captured bytes before the load test.
    mkdirSync(path.join(copy, "client/__bench"), { recursive: true });
    for (const t of throughputTargets) writeFileSync(path.join(copy, "client", t.staticFile), "");
    const top = Math.max(...steps);
    for (const [index, rows] of steps.entries()) {
      const t0 = Date.now();
      phases[`scale ${rows} rows`] = 0; // keeps the phases in the order they start
      log(`\n▶ scale ${rows} rows`);
      await (index === 0 ? (firstSeed ?? startFirstSeed()) : seedRows(dataDir, rows));
      const step = await withServer(`scale ${rows} rows`, { dataDir, webBuildDir: benchBuild }, async (server) => {
        const stepScale: ScaleRow[] = [];
        const stepThroughput: ThroughputRow[] = [];
        const stepNotes: string[] = [];
        if (options.only.has("scale")) {
          for (const p of scalePages) {
            const list = await getJson<{ data?: { rows?: { type?: string }[] } }>(server.origin + p.api);
            const shown = (list?.data?.rows ?? []).filter((row) => (p.filter ? p.filter(row) : true)).length;
            const render = await measureRender(server.origin + p.page, settings.renderSamples);
            const apiMedianMs = await measureMedian(server.origin + p.api, settings.renderSamples);
            stepScale.push({ page: p.page, rows, shown, ...render, apiMedianMs });
            log(
              `  ${p.page.padEnd(10)} ${String(rows).padStart(5)} rows, ${String(shown).padStart(4)} ` +
                `listed, ${String(render.cardsInHtml).padStart(4)} cards: ${render.medianMs.toFixed(1)} ` +
                `ms median (API ${apiMedianMs.toFixed(1)} ms), ${render.p90Ms.toFixed(1)} ms ` +
                `p90, ${(render.htmlRaw / 1000).toFixed(1)} KB HTML`,
            );
          }
        }
        if (rows === top && options.only.has("throughput")) {
          const throughputStarted = Date.now();
          log("\n▶ throughput");
          const context = await routeContext(server);
          const targets: { target: string; path: string; file: string }[] = [];
          for (const t of throughputTargets) {
            const resolved = resolveRoute(t.route, context);
            if ("skipped" in resolved) {
              stepThroughput.push({
                target: t.target,
                path: t.route,
                skipped: resolved.skipped,
                ssr: emptyStats,
                static: emptyStats,
                ratio: 0,
              });
              continue;
            }
            const answer = await httpGet(server.origin + resolved.path);
            if (answer.status !== 200) {
              stepThroughput.push({
                target: t.target,
                path: resolved.path,
                skipped: `answered ${answer.status}`,
                ssr: emptyStats,
                static: emptyStats,
                ratio: 0,
              });
              continue;
            }
            writeFileSync(path.join(copy, "client", t.staticFile), answer.body);
            targets.push({ target: t.target, path: resolved.path, file: t.staticFile });
          }
          for (const t of targets) {
            const load = { connections: settings.throughputConnections, seconds: settings.throughputSeconds };
            const ssr = await loadTest(server.origin + t.path, load);
            const stat = await loadTest(`${server.origin}/${t.file}`, load);
            if (stat.bodyBytes !== ssr.bodyBytes)
              stepNotes.push(
                `Throughput \`${t.path}\`: the static copy is ${stat.bodyBytes} bytes, the page ` +
                  `${ssr.bodyBytes} (the page changed between renders).`,
              );
            const row = { target: t.target, path: t.path, ssr, static: stat, ratio: stat.rps ? ssr.rps / stat.rps : 0 };
            stepThroughput.push(row);
            log(
              `  ${t.path.padEnd(24)} SSR ${ssr.rps.toFixed(0)} req/s (p50 ${ssr.p50Ms} ms, ` +
                `p99 ${ssr.p99Ms} ms) · static ${stat.rps.toFixed(0)} req/s (p50 ${stat.p50Ms} ` +
                `ms, p99 ${stat.p99Ms} ms) · ratio ${row.ratio.toFixed(2)}`,
            );
          }
          phases.throughput = (Date.now() - throughputStarted) / 1000;
          log(`  (throughput: ${phases.throughput.toFixed(0)} s)`);
        }
        return { stepScale, stepThroughput, stepNotes };
      });
      scale.push(...step.stepScale);
      throughput.push(...step.stepThroughput);
      notes.push(...step.stepNotes);
      // The throughput phase ran inside the last step; count it once.
      const seconds = (Date.now() - t0) / 1000 - (rows === top ? (phases.throughput ?? 0) : 0);
      phases[`scale ${rows} rows`] = seconds;
      log(`  (scale ${rows} rows: ${seconds.toFixed(0)} s)`);
    }
  }

  const order = (target: string) => throughputTargets.findIndex((t) => t.target === target);
  throughput.sort((a, b) => order(a.target) - order(b.target));
  machine.loadEnd = os.loadavg()[0] ?? 0;
  const misses = judgeBudgets({ routes, scale }, budgets);
  for (const r of routes)
    for (const w of r.lighthouse?.runWarnings ?? []) notes.push(`Lighthouse warning on \`${r.path}\`: ${w}`);
  const results: BenchResults = {
    schema: 1,
    mode: options.quick ? "quick" : "full",
    date,
    durationMs: Date.now() - started,
    phases,
    machine,
    settings,
    notes,
    baseline,
    routes,
    scale,
    throughput,
    misses,
  };
  if (!full)
    notes.unshift(`Partial run (${process.argv.slice(2).join(" ")}): bench/results/latest.* were left unchanged.`);
  const markdown = renderMarkdown(results, budgets);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(path.join(runDir, "results.json"), json);
  writeFileSync(path.join(runDir, "results.md"), markdown);
  if (full) {
    writeFileSync(path.join(resultsDir, "latest.json"), json);
    writeFileSync(path.join(resultsDir, "latest.md"), markdown);
  }
  console.log(`\n${markdown}`);
  console.log(
    `Written: ${path.relative(root, runDir)}/results.{json,md}${full ? " and bench/results/latest.{json,md}" : ""} ` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
  );
  if (misses.length) {
    console.log(`\n${misses.length} budget(s) missed:`);
    for (const m of misses) console.log(`  ✗ ${m.budget} on ${m.where}: ${m.actual} (limit ${m.limit})`);
    return 1;
  }
  console.log("\nEvery budget holds.");
  return 0;
}

const emptyStats = { rps: 0, p50Ms: 0, p99Ms: 0, errors: 0, bodyBytes: 0 };

let code = 2;
try {
  code = await main();
} catch (error) {
  if (!wasInterrupted()) console.error(`\nbench failed: ${(error as Error).stack ?? error}`);
  code = 2;
} finally {
  await runCleanup();
}
process.exit(code);
