import path from "node:path";
import type { BenchRun } from "./bench-run.ts";
import { wasInterrupted } from "./cleanup.ts";
import { routeContext, selectedRoutes } from "./discover.ts";
import { floorKey, floorResult, startFloorServer } from "./floor.ts";
import { httpGet } from "./http.ts";
import { runLighthouse } from "./lighthouse.ts";
import { arabicPath, resolveRoute } from "./routes.ts";
import { findFreePort, startServer } from "./server.ts";
import { median } from "./stats.ts";
import type { FloorResult, MachineInfo, RouteResult } from "./types.ts";
import { runWeightAndAxe } from "./weight.ts";

/**
 * Pages: Lighthouse, weight and axe on a fresh data folder with the demo data (`npm start`),
 * each selected route in English and Arabic. Lighthouse runs every route at each of
 * `settings.cpuSlowdowns` in turn (all of 4×, then all of 8×: one phase and one Chromium
 * each), and with them the floor page (bench/src/floor.ts) from a bare server, as the last
 * job of each round. Sets `machine.benchmarkIndex` (median over every run of the routes)
 * and `machine.benchmarkIndexBySlowdown` (median per slowdown). Answers the routes (none
 * when neither phase runs) and the floor by slowdown (empty without Lighthouse).
 */
export async function measurePages(
  run: BenchRun,
  machine: MachineInfo,
): Promise<{ routes: RouteResult[]; floor: Record<string, FloorResult> }> {
  const { root, chromePath, tmp, runDir, options, settings, notes, log, phase } = run;
  const routes: RouteResult[] = [];
  const floor: Record<string, FloorResult> = {};
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
      // The floor is measured on every run that runs Lighthouse, --quick and --routes too (~20 s a slowdown).
      const floorServer = await startFloorServer(path.join(tmp, "floor"));
      const allIndexes: number[] = [];
      for (const cpuSlowdown of settings.cpuSlowdowns) {
        const lighthouse = await phase(`lighthouse ${cpuSlowdown}×`, () =>
          runLighthouse([...measured.map((r) => ({ key: r.path, path: r.path })), floorServer.job], {
            chromePath,
            runs: options.runs,
            reportDir: path.join(runDir, "lighthouse", `${cpuSlowdown}x`),
            log,
            ensureServer,
            cpuSlowdown,
          }),
        );
        for (const r of measured) {
          const result = lighthouse.get(r.path);
          if (result) r.lighthouse = { ...r.lighthouse, [String(cpuSlowdown)]: result };
        }
        const floorAt = lighthouse.get(floorKey);
        if (floorAt) floor[String(cpuSlowdown)] = floorResult(floorAt);
        const indexes = measured.flatMap((r) => lighthouse.get(r.path)?.benchmarkIndexes ?? []);
        allIndexes.push(...indexes);
        const index = median(indexes);
        if (index !== null)
          machine.benchmarkIndexBySlowdown = { ...machine.benchmarkIndexBySlowdown, [cpuSlowdown]: Math.round(index) };
      }
      const index = median(allIndexes);
      if (index !== null) {
        machine.benchmarkIndex = Math.round(index);
        machine.benchmarkIndexRange = [Math.round(Math.min(...allIndexes)), Math.round(Math.max(...allIndexes))];
      }
      await floorServer.stop();
    }
    if (options.only.has("weight")) {
      // Weighing does not time anything, so the first scale step's database is prepared meanwhile.
      run.seedFirst();
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
  return { routes, floor };
}
