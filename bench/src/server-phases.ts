import path from "node:path";
import { startBareServer } from "./bare.ts";
import type { BenchRun } from "./bench-run.ts";
import { wasInterrupted } from "./cleanup.ts";
import { routeContext } from "./discover.ts";
import { getJson, type HttpAnswer, httpGet } from "./http.ts";
import { resolveRoute, scalePages, throughputTargets } from "./routes.ts";
import { measureMedian, measureRender } from "./scale.ts";
import { seedRows } from "./seed.ts";
import { findFreePort, type ServerHandle, startServer } from "./server.ts";
import { acceptEncoding, loadTest } from "./throughput.ts";
import type { LoadStats, ScaleRow, ThroughputRow } from "./types.ts";

const emptyStats: LoadStats = { rps: 0, p50Ms: 0, p99Ms: 0, errors: 0, bodyBytes: 0 };

/**
 * Scale and throughput: rows seeded in `steps` (the first by `run.seedFirst`) into
 * `dataDir`, a fresh data folder, each served by its own server; render times per step,
 * then the load tests on the largest. Answers nothing when neither phase runs.
 */
export async function measureServer(
  run: BenchRun,
  steps: readonly number[],
  dataDir: string,
): Promise<{ scale: ScaleRow[]; throughput: ThroughputRow[] }> {
  const { root, tmp, options, settings, phases, notes, log } = run;
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

  const scale: ScaleRow[] = [];
  const throughput: ThroughputRow[] = [];
  if (options.only.has("scale") || options.only.has("throughput")) {
    const top = Math.max(...steps);
    for (const [index, rows] of steps.entries()) {
      const t0 = Date.now();
      phases[`scale ${rows} rows`] = 0; // keeps the phases in the order they start
      log(`\n▶ scale ${rows} rows`);
      await (index === 0 ? run.seedFirst() : seedRows(dataDir, rows));
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
  return { scale, throughput };
}
