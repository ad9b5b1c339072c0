import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@khayl/config/env";
import { startBareServer } from "./bare.ts";
import { measureBaseline } from "./baseline.ts";
import { judgeBudgets, loadBudgets } from "./budgets.ts";
import { installSignalHandlers, onCleanup, runCleanup, wasInterrupted } from "./cleanup.ts";
import { type CliOptions, isFullRun, parseCli, usage } from "./cli.ts";
import { getJson, type HttpAnswer, httpGet } from "./http.ts";
import { runLighthouse } from "./lighthouse.ts";
import { machineInfo } from "./machine.ts";
import { renderMarkdown } from "./report.ts";
import {
  arabicPath,
  quickRoutes,
  type RouteContext,
  resolveRoute,
  scalePages,
  specRoutes,
  throughputTargets,
} from "./routes.ts";
import { measureMedian, measureRender } from "./scale.ts";
import { seedRows } from "./seed.ts";
import { findFreePort, type ServerHandle, startServer } from "./server.ts";
import { median } from "./stats.ts";
import { acceptEncoding, loadTest } from "./throughput.ts";
import type { BaselineResult, BenchResults, LoadStats, RouteResult, ScaleRow, ThroughputRow } from "./types.ts";
import { runWeightAndAxe } from "./weight.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const resultsDir = path.join(root, "bench/results");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
    cpuSlowdown: options.cpuSlowdown ?? 4,
    throughputSeconds: options.quick ? 3 : 10,
    throughputConnections: 10,
    throughputAcceptEncoding: acceptEncoding,
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
    where: { dataDir: string; port?: number },
    work: (server: ServerHandle) => Promise<T>,
  ): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      let server: ServerHandle | null = null;
      try {
        server = await startServer({
          root,
          port: where.port ?? (await findFreePort()),
          dataDir: where.dataDir,
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
    const check = async (route: string, where: string, language: "en" | "ar") => {
      const answer = await httpGet(server.origin + where);
      for (let i = 0; i < 2; i++) await httpGet(server.origin + where); // warm the server's code paths
      routes.push({ route, path: where, language, status: answer.status });
      if (answer.status !== 200) {
        notes.push(
          `\`${where}\` answered ` +
            `${answer.status}${answer.headers.location ? ` → ${answer.headers.location}` : ""}: its figures ` +
            `describe that answer, not the intended page.`,
        );
      }
    };
    const arabic: { route: string; path: string }[] = [];
    for (const route of selectedRoutes(options)) {
      const resolved = resolveRoute(route, context);
      if ("skipped" in resolved) {
        routes.push({ route, path: route, language: "en", skipped: resolved.skipped });
        continue;
      }
      await check(route, resolved.path, "en");
      arabic.push({ route: arabicPath(route), path: arabicPath(resolved.path) });
    }
    // Arabic (decision 016) is measured too: its own catalogue, font and locale chunks load there,
    // and every budget must hold in both languages (decision 016).
    if (options.only.has("weight") || options.only.has("lighthouse"))
      for (const a of arabic) await check(a.route, a.path, "ar");
    const measured = routes.filter((r) => !r.skipped);
    if (options.only.has("lighthouse")) {
      const lighthouse = await phase("lighthouse", () =>
        runLighthouse(
          measured.map((r) => ({ key: r.path, path: r.path })),
          {
            chromePath,
            runs: options.runs,
            reportDir: path.join(runDir, "lighthouse"),
            log,
            ensureServer,
            cpuSlowdown: options.cpuSlowdown,
          },
        ),
      );
      for (const r of measured) r.lighthouse = lighthouse.get(r.path);
      const indexes = [...lighthouse.values()].flatMap((result) => result.benchmarkIndexes ?? []);
      const index = median(indexes);
      if (index !== null) machine.benchmarkIndex = Math.round(index);
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
    const top = Math.max(...steps);
    for (const [index, rows] of steps.entries()) {
      const t0 = Date.now();
      phases[`scale ${rows} rows`] = 0; // keeps the phases in the order they start
      log(`\n▶ scale ${rows} rows`);
      await (index === 0 ? (firstSeed ?? startFirstSeed()) : seedRows(dataDir, rows));
      const step = await withServer(`scale ${rows} rows`, { dataDir }, async (server) => {
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
          const skip = (t: (typeof throughputTargets)[number], where: string, why: string): ThroughputRow => ({
            target: t.target,
            path: where,
            skipped: why,
            cold: null,
            cached: emptyStats,
            bare: emptyStats,
            ratio: 0,
            pageCache: "none",
            encoding: "",
          });
          // Warm each page into the page cache and capture its answer exactly as sent (compressed).
          const targets: { spec: (typeof throughputTargets)[number]; path: string; answer: HttpAnswer }[] = [];
          for (const t of throughputTargets) {
            const resolved = resolveRoute(t.route, context);
            if ("skipped" in resolved) {
              stepThroughput.push(skip(t, t.route, resolved.skipped));
              continue;
            }
            let answer = await httpGet(server.origin + resolved.path, { "accept-encoding": acceptEncoding });
            for (let i = 0; i < 2 && answer.status === 200; i++)
              answer = await httpGet(server.origin + resolved.path, { "accept-encoding": acceptEncoding });
            if (answer.status !== 200) {
              stepThroughput.push(skip(t, resolved.path, `answered ${answer.status}`));
              continue;
            }
            targets.push({ spec: t, path: resolved.path, answer });
          }
          const bare = await startBareServer(
            path.join(tmp, "bare"),
            new Map(targets.map((t) => [t.spec.bare, t.answer])),
          );
          const load = { connections: settings.throughputConnections, seconds: settings.throughputSeconds };
          for (const t of targets) {
            const cold = t.spec.page ? await loadTest(server.origin + t.path, { ...load, unique: true }) : null;
            const cached = await loadTest(server.origin + t.path, load);
            const bareStats = await loadTest(`${bare.origin}/${t.spec.bare}`, load);
            const pageCache = String(t.answer.headers["x-page-cache"] ?? "none");
            if (t.spec.page && pageCache !== "hit")
              stepNotes.push(`Throughput \`${t.path}\`: the warm request was not a page-cache hit (${pageCache}).`);
            if (bareStats.bodyBytes !== cached.bodyBytes)
              stepNotes.push(
                `Throughput \`${t.path}\`: the bare copy is ${bareStats.bodyBytes} bytes, the cached page ` +
                  `${cached.bodyBytes} (the page changed between requests).`,
              );
            const row: ThroughputRow = {
              target: t.spec.target,
              path: t.path,
              cold,
              cached,
              bare: bareStats,
              ratio: bareStats.rps ? cached.rps / bareStats.rps : 0,
              pageCache,
              encoding: String(t.answer.headers["content-encoding"] ?? "identity"),
            };
            stepThroughput.push(row);
            log(
              `  ${t.path.padEnd(24)} ${cold ? `cold ${cold.rps.toFixed(0)} req/s (p50 ${cold.p50Ms} ms) · ` : ""}` +
                `cached ${cached.rps.toFixed(0)} req/s (p50 ${cached.p50Ms} ms, p99 ${cached.p99Ms} ms) · bare ` +
                `${bareStats.rps.toFixed(0)} req/s (p50 ${bareStats.p50Ms} ms) · cached/bare ${row.ratio.toFixed(2)}` +
                `${cold?.errors || cached.errors || bareStats.errors ? ` · non-2xx ${cold?.errors ?? 0}/${cached.errors}/${bareStats.errors}` : ""}`,
            );
          }
          await bare.stop();
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
  const misses = judgeBudgets({ routes, scale, throughput }, budgets);
  for (const r of routes)
    for (const w of r.lighthouse?.runWarnings ?? []) notes.push(`Lighthouse warning on \`${r.path}\`: ${w}`);
  const results: BenchResults = {
    schema: 2,
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

const emptyStats: LoadStats = { rps: 0, p50Ms: 0, p99Ms: 0, errors: 0, bodyBytes: 0 };

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
