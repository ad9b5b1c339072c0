import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSmtp, type TestSmtp } from "@khayl/api/modules/mail/testing";
import { parseEnv } from "@khayl/config/env";
import { createScratchPostgres, type ScratchPostgres } from "@khayl/db/testing";
import { type CuttableProxy, startCuttableProxy } from "@khayl/db/testing-proxy";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildHost, type Host, webBuildDir } from "./host.ts";

/**
 * PostgreSQL restarts under load (decision 023), through a TCP proxy between the host and
 * TEST_DATABASE_URL's server that the test cuts (every connection destroyed, the port
 * closed: connections are refused) and restores. The machine's PostgreSQL itself is never
 * stopped: other suites use it. Only on PostgreSQL (PGlite lives in the process and
 * cannot go away).
 *
 * The outage lasts OUTAGE_MS, not a real restart's 30 s: while the proxy is cut every new
 * connection is refused at once and every open one is gone, so each second of the outage
 * is the same as the first; what a longer outage adds is only more of the same 503s, and
 * the pool and the LISTEN connection reconnect the same way after 3 s or 30 s.
 */
const postgresUrl = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const OUTAGE_MS = 4_000;
/** Mails queued before, during and after the outage. */
const MAILS_PER_PHASE = 8;

let scratch: ScratchPostgres | undefined;
let proxy: CuttableProxy | undefined;
let smtp: TestSmtp | undefined;
let host: Host | undefined;
let direct: pg.Pool | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  if (!postgresUrl) return;
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  scratch = await createScratchPostgres();
  const target = new URL(scratch.url);
  proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  // A slow SMTP server, so that mails are being sent when the database goes.
  smtp = await startSmtp({ delayMs: 150 });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-db-restart-"));
  const env = parseEnv({
    DATABASE_URL: proxy.urlThrough(scratch.url),
    SECRET_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef",
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    // The load comes from one client on purpose: its read budgets (decision 022) would
    // answer 429 to the renders this test measures.
    RENDER_BUDGET_PER_MINUTE: "0",
    API_READ_BUDGET_PER_MINUTE: "0",
  });
  host = await buildHost({ env, logger: false });
  direct = new pg.Pool({ connectionString: scratch.url, max: 2 });
}, 120_000);

afterAll(async () => {
  await host?.close({ graceMs: 2_000 });
  await direct?.end();
  await proxy?.close();
  await smtp?.stop();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sample {
  kind: "cached page" | "uncached page" | "uncached api" | "readiness";
  url: string;
  at: number;
  ms: number;
  status: number;
  cache?: string;
  /** The `lang` of a page's `<html>`. */
  lang?: string;
  retryAfter?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PostgreSQL restarts under load (skipped without TEST_DATABASE_URL on the api-postgres project: it needs a real PostgreSQL behind a TCP proxy)", () => {
  test.skipIf(!postgresUrl)(
    "slow: cached pages keep serving, uncached requests answer 503 within 2 s, readiness recovers, no mail lost or doubled",
    async () => {
      if (!host || !proxy || !direct || !smtp) throw new Error("set-up failed");
      const app = host.app;
      const hash = host.seeded?.invoiceLinks[0]?.hash;
      if (!hash) throw new Error("no demo invoice seeded");
      const cachedPages = ["/", "/ar", "/flights", "/ar/flights"];
      for (const url of cachedPages) {
        await app.inject(url);
        expect((await app.inject(url)).headers["x-page-cache"], url).toBe("hit");
      }

      let mailNumber = 0;
      const queueMails = async () => {
        for (let i = 0; i < MAILS_PER_PHASE; i++) {
          mailNumber++;
          await direct?.query(`insert into outbox (kind, "to", subject, text) values ('test', $1, $2, 'Body')`, [
            `restart${mailNumber}@example.com`,
            `restart-mail-${mailNumber}`,
          ]);
        }
      };

      const samples: Sample[] = [];
      const start = Date.now();
      let offset = 0;
      const timed = async (kind: Sample["kind"], url: string, init: { method?: "POST"; payload?: object } = {}) => {
        const began = Date.now();
        // A request that hangs fails the test here rather than at the test's own timeout.
        const answer = await Promise.race([
          app.inject({ url, method: init.method ?? "GET", ...(init.payload ? { payload: init.payload } : {}) }),
          sleep(10_000).then(() => undefined),
        ]);
        samples.push({
          kind,
          url,
          at: began - start,
          ms: Date.now() - began,
          status: answer?.statusCode ?? 0,
          cache: answer?.headers["x-page-cache"] as string | undefined,
          lang: /<html[^>]*\slang="([^"]+)"/.exec(answer?.body ?? "")?.[1],
          retryAfter: answer?.headers["retry-after"] as string | undefined,
        });
        return answer;
      };
      let driving = true;
      const drive = async () => {
        while (driving) {
          offset++;
          await Promise.all([
            ...cachedPages.map((url) => timed("cached page", url)),
            timed("uncached api", `/api/v1/event-services/website?limit=5&offset=${offset}`),
            timed("uncached api", "/api/v1/invoices-v2/get-invoice-by-link", { method: "POST", payload: { hash } }),
            timed("uncached page", `/invoice/${hash}`),
            timed("uncached page", `/ar/invoice/${hash}`),
            timed("readiness", "/readyz"),
          ]);
          await sleep(100);
        }
      };

      const driver = drive();
      await queueMails();
      await sleep(1_500);
      await queueMails();
      // Cut while mails are being sent (150 ms each).
      await sleep(200);
      const cutAt = Date.now() - start;
      await proxy.cut();
      await queueMails();
      await sleep(OUTAGE_MS);
      const restoredAt = Date.now() - start;
      await proxy.restore();
      await queueMails();

      // Readiness answers 200 again without a restart of the process.
      let readyAt: number | undefined;
      while (readyAt === undefined && Date.now() - start < restoredAt + 15_000) {
        const ready = samples.find((s) => s.kind === "readiness" && s.at >= restoredAt && s.status === 200);
        readyAt = ready?.at;
        await sleep(100);
      }
      expect(readyAt, "readiness answered 200 again after the restore").toBeDefined();
      await sleep(3_000);
      driving = false;
      await driver;

      // The LISTEN connection is back: a change notified on the database empties the page cache.
      let listening = false;
      for (let i = 0; i < 40 && !listening; i++) {
        await app.inject("/");
        await direct.query("select pg_notify('content_changed', '')");
        await sleep(250);
        listening = (await app.inject("/")).headers["x-page-cache"] === "miss";
      }
      expect(listening, "content_changed is heard again after the restore").toBe(true);

      // Every mail queued goes out exactly once.
      const total = mailNumber;
      const deadline = Date.now() + 30_000;
      const delivered = () =>
        smtp?.received.map((m) => /Subject: (restart-mail-\d+)/.exec(m.raw)?.[1]).filter(Boolean) ?? [];
      while (new Set(delivered()).size < total && Date.now() < deadline) await sleep(200);
      await sleep(3_000); // a second copy would come now
      const subjects = delivered();
      const unique = new Set(subjects).size;
      const { rows } = await direct.query<{ unsent: number }>(
        `select count(*)::int as unsent from outbox where kind = 'test' and sent_at is null`,
      );

      const during = samples.filter((s) => s.at >= cutAt && s.at + s.ms <= restoredAt);
      const after = samples.filter((s) => readyAt !== undefined && s.at >= readyAt);
      const firstApiOk = samples.find((s) => s.kind === "uncached api" && s.at >= restoredAt && s.status === 200);
      const report = {
        outageMs: restoredAt - cutAt,
        requests: samples.length,
        duringOutage: Object.fromEntries(
          (["cached page", "uncached page", "uncached api", "readiness"] as const).map((kind) => {
            const of = during.filter((s) => s.kind === kind);
            return [
              kind,
              {
                count: of.length,
                statuses: [...new Set(of.map((s) => s.status))].sort(),
                slowestMs: Math.max(0, ...of.map((s) => s.ms)),
              },
            ];
          }),
        ),
        recoverMs: {
          readiness: (readyAt ?? Number.NaN) - restoredAt,
          api: (firstApiOk?.at ?? Number.NaN) - restoredAt,
        },
        failuresAfterRecovery: after.filter((s) => s.status >= 500).length,
        mails: { queued: total, delivered: subjects.length, lost: total - unique, doubled: subjects.length - unique },
      };
      console.info(`database restart: ${JSON.stringify(report, null, 2)}`);

      expect(during.length).toBeGreaterThan(0);
      for (const sample of during) {
        // Never a hang: every answer within 2 s.
        expect(sample.ms, `${sample.url} during the outage`).toBeLessThan(2_000);
        if (sample.kind === "cached page") expect([sample.status, sample.cache], sample.url).toEqual([200, "hit"]);
        if (sample.kind === "uncached api") expect([sample.status, sample.retryAfter], sample.url).toEqual([503, "5"]);
        if (sample.kind === "readiness") expect(sample.status, sample.url).toBe(503);
        // A page that needs the database: 503, a page in the visitor's language.
        if (sample.kind === "uncached page")
          expect([sample.status, sample.lang], sample.url).toEqual([503, sample.url.startsWith("/ar/") ? "ar" : "en"]);
      }
      expect(during.filter((s) => s.kind === "readiness").length).toBeGreaterThan(0);
      expect(
        after.filter((s) => s.status >= 500),
        "no request fails once readiness is back",
      ).toEqual([]);
      expect(report.mails).toEqual({ queued: total, delivered: total, lost: 0, doubled: 0 });
      expect(rows[0]?.unsent).toBe(0);
    },
    120_000,
  );
});
