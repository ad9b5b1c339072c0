import { randomBytes } from "node:crypto";
import type { RequestListener } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_SERVER_OPTIONS } from "@khayl/api/app";
import { createAnswerCache } from "@khayl/api/http/cache";
import { type AppLogger, createLogger } from "@khayl/api/http/log";
import { createMailWorker, type MailWorker } from "@khayl/api/modules/mail/worker";
import { createRetentionJob } from "@khayl/api/modules/retention/purge";
import { loadSecretKey, secretKeysOf } from "@khayl/api/secret-key";
import type { Env } from "@khayl/config/env";
import { createResponseCache } from "@khayl/contract/client";
import { createDb, type DbHandle } from "@khayl/db/client";
import { type SeedResult, seedDemoData } from "@khayl/db/seed/index";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { ServerBuild } from "react-router";
import { createAlertWatcherOf } from "./alerts-watcher.ts";
import { createHttpServer, type DevMiddlewares, SERVER_TIMEOUTS, type ServerTimeouts } from "./http-server.ts";
import { createPageCache } from "./page-cache.ts";
import {
  clientErrorAnswer,
  failedExpectationAnswer,
  frameworkErrorAnswer,
  hostErrors,
  refuseAmbiguousRequests,
} from "./plugins/errors.ts";
import { inProcessApi } from "./plugins/in-process-api.ts";
import { pages } from "./plugins/pages.ts";
import { probes } from "./plugins/probes.ts";
import { headersOutsideHooks, securityHeaders } from "./plugins/security-headers.ts";
import { missingAssets, staticFiles } from "./plugins/static-files.ts";
import { createReadBudget, READ_BUDGET_WINDOW_MS, type ReadBudget } from "./read-budgets.ts";
import { createRenderer } from "./render.ts";
import { loadWebApp } from "./web-build.ts";

/** The web app's production build (`npm run build`; WEB_BUILD_DIR relative to apps/web). */
export const webBuildDir = path.resolve(
  fileURLToPath(new URL("../../web/", import.meta.url)),
  process.env.WEB_BUILD_DIR ?? "build",
);

/** The web app's static files before a build (`npm run dev` serves them through Vite). */
const webPublicDir = fileURLToPath(new URL("../../web/public/", import.meta.url));

/**
 * The full-page cache of each process (decision 017): 64 MB of pages, all encodings counted;
 * fresh for a minute (a shared cache's `s-maxage`), then served stale for up to ten while one
 * render refreshes it; emptied at once when content changes.
 */
const PAGE_CACHE = { maxBytes: 64 * 1024 * 1024, ttlMs: 60_000, staleMs: 600_000 };

/** How long `Host.close` waits for in-flight requests and the mail being sent before cutting them off. */
const SHUTDOWN_GRACE_MS = 20_000;

export interface HostOptions {
  env: Env;
  /** The product's logger (`createLogger`), or false for none (tests). Default: one at `LOG_LEVEL`. */
  logger?: AppLogger | false;
  /** Load demo data into empty tables (default true; never with `API_URL`: the schedules are the provider's). */
  seed?: boolean;
  /** Use this database instead of opening one from `env` (tests; it must be migrated; the caller closes it). */
  database?: DbHandle;
  /** Other client timeouts than `SERVER_TIMEOUTS` (tests). */
  timeouts?: Partial<ServerTimeouts>;
  /** Other read budgets than `RENDER_BUDGET_PER_MINUTE` and `API_READ_BUDGET_PER_MINUTE`, and their clock (tests). */
  readBudgets?: { renders?: ReadBudget; apiReads?: ReadBudget; now?: () => number };
  /**
   * Development only (`npm run dev`): the server build comes from Vite on each request,
   * Vite's middlewares run before Fastify (assets, HMR), and pages get no CSP (Vite
   * injects inline scripts). Production leaves this unset and reads the built files.
   */
  dev?: {
    loadBuild: () => Promise<ServerBuild>;
    middlewares: DevMiddlewares;
  };
}

export interface Host {
  app: FastifyInstance;
  /**
   * This site's database: the in-process API's, or with `API_URL` the alerts module's
   * (decision 028: subscriptions stay here even when the schedules come from a provider).
   */
  database: DbHandle;
  /** The mail outbox worker (architecture §3.6): every mail of the API, or with `API_URL` the alert mails. */
  mailWorker: MailWorker;
  /** What this process's demo seed inserted; undefined when it did not seed. */
  seeded: SeedResult | undefined;
  /**
   * The header (name and this process's random value) that marks the host's own calls to
   * its in-process API: the page renders' and the alerts watcher's (decision 022).
   */
  ownRead: Record<string, string>;
  /**
   * Shuts down (SIGTERM): readiness answers 503, the server stops accepting connections,
   * in-flight requests and the mail being sent are finished (at most `graceMs`, default
   * `SHUTDOWN_GRACE_MS`; then open connections are cut), outbox mails claimed but not
   * tried are given back to the other instances, and the database is closed (unless it
   * was given in `HostOptions.database`: its owner closes it).
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * The one Node process of architecture §2, assembled from the plugins of ./plugins
 * (decision 025), in this order: the envelope for errors outside the API, the probes,
 * security headers, compression and the hashed static assets, the API under `/api/v1`
 * behind its read budget (with `API_URL` only its alerts module, decision 028: every other
 * call goes to the provider), and React Router's server render for every other path
 * behind the page cache and the render budget. Opens and migrates this site's database
 * first (`DATABASE_URL`, else DATA_DIR's PGlite; with `API_URL` too, for the alerts) and
 * seeds it when the API is in-process; starts the mail worker, the retention job and the
 * alerts watcher. Never listens. Throws when the web build is missing.
 */
export async function buildHost(options: HostOptions): Promise<Host> {
  const { env, dev } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  // The security headers of the answers written where no hook adds them.
  const outsideHooks = headersOutsideHooks(env);
  const app: FastifyInstance = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    ...API_SERVER_OPTIONS,
    // A request that reaches an instance shutting down (one more on a keep-alive connection
    // still busy at the signal) gets its real answer, with `Connection: close`, within the
    // grace period, not Fastify's bare 503: nginx does not retry a 503 elsewhere
    // (deploy/nginx.conf), so a rolling restart would show it to visitors.
    return503OnClosing: false,
    trustProxy: env.TRUST_PROXY?.length ? env.TRUST_PROXY.join(",") : false,
    frameworkErrors: frameworkErrorAnswer(outsideHooks, Boolean(env.TRUST_PROXY?.length)),
    clientErrorHandler: clientErrorAnswer(outsideHooks),
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== "debug" && env.LOG_LEVEL !== "trace" }),
    serverFactory: (handler: RequestListener) =>
      createHttpServer(handler, timeouts, dev?.middlewares, outsideHooks).on(
        "checkExpectation",
        failedExpectationAnswer(outsideHooks),
      ),
  }) as unknown as FastifyInstance;

  // This site's own database, also under API_URL: e-mail alerts live in it (decision 028).
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(env, app));
  let seeded: SeedResult | undefined;
  // Under API_URL the schedules are the provider's: no demo data in this site's database.
  if (!env.API_URL && options.seed !== false) {
    const db = database.db;
    seeded = await database.exclusively(() => seedDemoData(db));
    app.log.info({ seeded: seeded.inserted }, "demo data checked");
  }

  let shuttingDown = false;
  await app.register(hostErrors);
  await app.register(probes, { database, stopping: () => shuttingDown });
  await app.register(securityHeaders, { env });
  await app.register(refuseAmbiguousRequests);
  const clientDir = path.join(webBuildDir, "client");
  await app.register(staticFiles, { clientDir, dev: Boolean(dev) });

  // Per-client read budgets (decision 022). The page renders' own API calls carry this
  // process's mark and are not counted: their render was.
  const { now, ...budgets } = {
    renders: { max: env.RENDER_BUDGET_PER_MINUTE, windowMs: READ_BUDGET_WINDOW_MS },
    apiReads: { max: env.API_READ_BUDGET_PER_MINUTE, windowMs: READ_BUDGET_WINDOW_MS },
    ...options.readBudgets,
  };
  const ownRead = { "x-khayl-own-read": randomBytes(16).toString("hex") };
  // Public list answers, kept by normalised query until content changes (decision 022).
  const answers = createAnswerCache({ maxBytes: 16 * 1024 * 1024, ttlMs: 60_000 });
  const apiReads = createReadBudget(budgets.apiReads, now);
  await app.register(inProcessApi, { env, database, answers, apiReads, ownRead, alertsOnly: Boolean(env.API_URL) });
  // Code and link mails wait in the outbox sealed under the server secret (architecture §3.7).
  const { sealer } = secretKeysOf(await loadSecretKey(env));
  const mailWorker = createMailWorker({ db: database.db, env, sealer, log: app.log });
  mailWorker.start();
  // Expired rate-limit windows, codes, alert requests and old mail are deleted on a schedule, off the request path.
  // On the embedded PGlite it also vacuums and checkpoints (no autovacuum, no checkpointer there).
  const retention = createRetentionJob({ db: database.db, kind: database.kind, dataDir: env.DATA_DIR, log: app.log });
  retention.start();
  // E-mail alerts (decision 028): the watcher reads the schedules as the pages do (own API or API_URL).
  const alertWatcher = createAlertWatcherOf(app, database.db, env, ownRead);
  alertWatcher.start();

  // What the routes declare (page rules, the queries pages read) comes from the build itself.
  const web = await loadWebApp(env, webBuildDir, dev?.loadBuild);
  // Public, read-mostly API answers (schedules, blogs, legal texts) are reused by page
  // renders for as long as the API's Cache-Control allows, at most a minute.
  const apiCache = createResponseCache({ maxEntries: 500, maxTtlMs: 60_000 });
  await app.register(missingAssets);

  // Public pages, kept whole in every encoding and served without React (decision 017).
  const pageCache = createPageCache({
    ...PAGE_CACHE,
    onStaleKept: (key, cause) =>
      app.log.warn(
        { page: key, ...("status" in cause ? { status: cause.status } : { err: cause.error }) },
        "a stale page could not be refreshed: its old copy is served meanwhile",
      ),
  });
  // What those pages show changed (any instance, any connection: migration 0006): forget
  // the pages and the API answers behind them at once.
  const stopListening = await database.listen("content_changed", () => {
    pageCache.clear();
    apiCache.clear();
    answers.clear();
  });

  const renderer = createRenderer({
    app,
    env,
    handle: web.handle,
    pageRules: web.pageRules,
    tooManyRequestsPaths: web.tooManyRequestsPaths,
    apiCache,
    ownRead,
    // Where the files the pages link to are, for the size of the content's images.
    staticDir: dev ? webPublicDir : clientDir,
  });
  await app.register(pages, {
    renderer,
    pageCache,
    pageCacheKey: web.pageCacheKey,
    renders: createReadBudget(budgets.renders, now),
    dev: Boolean(dev),
    pageMethods: web.pageMethods,
  });

  return {
    app,
    database,
    mailWorker,
    seeded,
    ownRead,
    async close({ graceMs = SHUTDOWN_GRACE_MS } = {}) {
      shuttingDown = true;
      let cut: NodeJS.Timeout | undefined;
      const serverClosed = new Promise<void>((resolve, reject) => {
        cut = setTimeout(() => {
          app.log.warn({ graceMs }, "requests still running at the end of the grace period: closing their connections");
          app.server.closeAllConnections();
        }, graceMs);
        app.close().then(resolve, reject);
      }).finally(() => clearTimeout(cut));
      await Promise.all([
        serverClosed,
        mailWorker.stop({ graceMs: Math.min(graceMs, 10_000) }),
        retention.stop(),
        alertWatcher.stop(),
        stopListening(),
      ]);
      if (ownsDatabase) await database.close();
    },
  };
}

/**
 * Opens and migrates this site's database from `env` (`DATABASE_URL`, else PGlite in
 * `DATA_DIR`). An error that leaves the embedded PGlite unusable (a PANIC, e.g. `pg_wal`
 * on a full disk) ends the process with exit code 1, logged: a supervisor restarts it
 * (docs/deploy.md), where left running it spun at 100% CPU and never heard SIGTERM.
 */
async function openDatabase(env: Env, app: FastifyInstance): Promise<DbHandle> {
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onIdleError: (error) => app.log.warn({ err: error }, "the database dropped a connection"),
    onFatal: (error) => {
      app.log.fatal({ err: error }, "the embedded database failed beyond repair: exiting for a restart");
      process.exit(1);
    },
  });
  await database.migrate();
  return database;
}
