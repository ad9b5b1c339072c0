import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureBaseline } from "./baseline.ts";
import type { BenchRun } from "./bench-run.ts";
import { judgeBudgets } from "./budgets.ts";
import { loadBudgets } from "./budgets-file.ts";
import { installSignalHandlers, onCleanup, runCleanup, wasInterrupted } from "./cleanup.ts";
import { phases as benchPhases, isFullRun, parseCli, usage } from "./cli.ts";
import { machineInfo, offProductNode } from "./machine.ts";
import { measurePages } from "./pages-phase.ts";
import { renderMarkdown } from "./report.ts";
import { quickRoutes, throughputTargets } from "./routes.ts";
import { seedRows } from "./seed.ts";
import { measureServer } from "./server-phases.ts";
import { acceptEncoding } from "./throughput.ts";
import type { BaselineResult, BenchResults } from "./types.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const resultsDir = path.join(root, "bench/results");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const log = (line: string) => console.log(line);

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
    cpuSlowdowns: [...options.cpuSlowdowns],
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
  if (offProductNode(machine))
    log(
      `Warning: Node ${machine.node} is not the product's runtime (.nvmrc: ${machine.productNode}); ` +
        "the server's throughput reads lower on it. Run the bench on Node.js " +
        `${machine.productNode} for numbers to compare with bench/results/latest.md.`,
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

  const seedFirst = () => {
    firstSeed ??= startFirstSeed();
    return firstSeed;
  };
  const run: BenchRun = { root, chromePath, tmp, runDir, options, settings, phases, notes, log, phase, seedFirst };
  const { routes, floor } = await measurePages(run, machine);
  const { scale, throughput } = await measureServer(run, steps, scaleDir);

  const order = (target: string) => throughputTargets.findIndex((t) => t.target === target);
  throughput.sort((a, b) => order(a.target) - order(b.target));
  machine.loadEnd = os.loadavg()[0] ?? 0;
  const misses = judgeBudgets({ routes, scale, throughput }, budgets);
  for (const r of routes)
    for (const [slowdown, result] of Object.entries(r.lighthouse ?? {}))
      for (const w of result.runWarnings) notes.push(`Lighthouse warning on \`${r.path}\` at ${slowdown}×: ${w}`);
  for (const [slowdown, result] of Object.entries(floor))
    for (const w of result.runWarnings) notes.push(`Lighthouse warning on the floor page at ${slowdown}×: ${w}`);
  const results: BenchResults = {
    schema: 3,
    mode: options.quick ? "quick" : "full",
    scope: {
      full,
      arguments: process.argv.slice(2),
      phases: benchPhases.filter((p) => options.only.has(p)),
      routes: options.routes ?? (options.quick ? [...quickRoutes] : null),
    },
    date,
    durationMs: Date.now() - started,
    phases,
    machine,
    settings,
    notes,
    baseline,
    routes,
    ...(Object.keys(floor).length ? { floor } : {}),
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
