import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { API_PREFIX, API_ROOT, apiRootPlugin } from "@khayl/api/app";
import { createAnswerCache } from "@khayl/api/http/cache";
import { type AppLogger, createLogger } from "@khayl/api/http/log";
import { createMailWorker, type MailWorker } from "@khayl/api/modules/mail/worker";
import { createRetentionJob } from "@khayl/api/modules/retention/purge";
import { type Env, publicConfig } from "@khayl/config/env";
import { createApiClient, createResponseCache } from "@khayl/contract/client";
import { retryAfterSeconds, tooManyRequestsMessage } from "@khayl/contract/envelope";
import { createDb, type DbHandle, ping } from "@khayl/db/client";
import { type SeedResult, seedDemoData } from "@khayl/db/seed/index";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createAlertWatcherOf } from "./alerts-watcher.ts";
import { newNonce, permissionsPolicy, resourceCsp } from "./csp.ts";
import { inProcessFetch } from "./in-process-fetch.ts";
import { type PageAnswer, pageCacheKeys, prepareAnswer, sendAnswer, sendCachedPage } from "./page-answer.ts";
import { cachedPage, createPageCache } from "./page-cache.ts";
import { pageRulesOfBuild } from "./page-rules.ts";
import { createReadBudget, READ_BUDGET_WINDOW_MS, type ReadBudget } from "./read-budgets.ts";
import { guardSlowClients } from "./slow-clients.ts";

/** The web app's production build (`npm run build`; WEB_BUILD_DIR relative to apps/web). */
export const webBuildDir = path.resolve(
  fileURLToPath(new URL("../../web/", import.meta.url)),
  process.env.WEB_BUILD_DIR ?? "build",
);

/**
 * How long the server waits for a client (README "Production notes"): a request's
 * headers are due within `headersMs` of connecting (or of the previous answer plus
 * `keepAliveMs` on a keep-alive connection), its body within `requestMs` of its headers;
 * so a client that sends slowly, stalls or never sends is cut off within 30 s
 * (`guardSlowClients`, with Node's own timeouts, checked every `checkIntervalMs`, as a
 * second line); a client that takes no byte of its answer for `sendMs` is cut off too.
 * Keep a proxy's upstream keep-alive shorter than `keepAliveMs`, e.g. nginx
 * `keepalive_timeout 4s` (docs/deploy.md).
 */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 20_000,
  checkIntervalMs: 1_000,
  keepAliveMs: 5_000,
  sendMs: 20_000,
};
type ServerTimeouts = typeof SERVER_TIMEOUTS;

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
  /** Load demo data into empty tables (default true). */
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
    middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  };
}

export interface Host {
  app: FastifyInstance;
  /** The database when the API runs in-process (no `API_URL`). */
  database: DbHandle | undefined;
  /** The mail outbox worker (architecture §3.6), running when the API is in-process. */
  mailWorker: MailWorker | undefined;
  /** What this process's demo seed inserted; undefined when it did not seed. */
  seeded: SeedResult | undefined;
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
 * The HTTP server with the client timeouts of `SERVER_TIMEOUTS` (Fastify's own default
 * is no request timeout at all). In development Vite's middlewares answer first.
 */
function createHttpServer(handler: RequestListener, timeouts: ServerTimeouts, dev: HostOptions["dev"]): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    dev ? (req, res) => dev.middlewares(req, res, () => handler(req, res)) : handler,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  guardSlowClients(server, timeouts);
  return server;
}

const HASHED_ASSET = /^\/assets\//;

/**
 * Headers for the answers Fastify writes before any hook runs (a malformed URL such as
 * `/%`): the same protections helmet and the CSP hook give every other response.
 */
const FRAMEWORK_ERROR_HEADERS = {
  "content-security-policy": resourceCsp,
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
} as const;

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded, or a too-long parameter,
 * answers 400 with the API envelope and the security headers (not Fastify's own body).
 */
function answerFrameworkError(_error: { message: string }, _request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(400)
    .headers(FRAMEWORK_ERROR_HEADERS)
    .send({ success: false, statusCode: 400, message: "Malformed request URL" });
}
/**
 * The error handler of the host's own scope (the API keeps its own, `registerErrorHandling`):
 * a client error raised before a page or file answers — e.g. a `Content-Encoding` that
 * @fastify/compress cannot decode, or a body over the limit — is that 4xx with the envelope
 * `{ success: false, statusCode, message }`; anything else is logged and answered 500
 * 'Internal server error', without the error's own message.
 */
function answerHostError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      status === 413
        ? "Request body is too large"
        : status === 415
          ? "Unsupported content type"
          : status === 400
            ? "Bad request"
            : (STATUS_CODES[status] ?? "Bad request");
    return reply.code(status).send({ success: false, statusCode: status, message });
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send({ success: false, statusCode: 500, message: "Internal server error" });
}

/** `npm run dev` only: Vite's client and React refresh use inline scripts, eval and a websocket. */
const devCsp = "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob: ws: wss:";

/**
 * The one Node process of architecture §2: security headers, compression, the hashed
 * static assets, the API under `/api/v1` (unless `API_URL` points elsewhere) and
 * React Router's server render for every other path. Never listens.
 */
export async function buildHost(options: HostOptions): Promise<Host> {
  const { env, dev } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const app: FastifyInstance = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: env.TRUST_PROXY?.length ? env.TRUST_PROXY.join(",") : false,
    bodyLimit: 64 * 1024,
    frameworkErrors: answerFrameworkError,
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== "debug" && env.LOG_LEVEL !== "trace" }),
    serverFactory: (handler: RequestListener) => createHttpServer(handler, timeouts, dev),
  }) as unknown as FastifyInstance;

  let database = options.database;
  const ownsDatabase = !database;
  if (!env.API_URL && !database) {
    database = await createDb({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onIdleError: (error) => app.log.warn({ err: error }, "the database dropped a connection"),
    });
    await database.migrate();
  }
  let seeded: SeedResult | undefined;
  if (database && options.seed !== false) {
    const db = database.db;
    seeded = await database.exclusively(() => seedDemoData(db));
    app.log.info({ seeded: seeded.inserted }, "demo data checked");
  }

  // Outside the API (pages, probes, static files), errors that hooks or plugins raise are
  // answered with the same envelope the API gives, never Fastify's own body (fuzz.api.test.ts).
  app.setErrorHandler(answerHostError);
  let shuttingDown = false;
  registerProbes(app, database, () => shuttingDown);
  if (!env.TRUST_PROXY?.length) warnOnceAboutForwardedHeaders(app);

  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
  const permissions = permissionsPolicy(env);
  app.addHook("onSend", async (_request, reply, payload) => {
    // Page responses set their own policy (their render's nonce) in the page handler.
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", resourceCsp);
    reply.header("permissions-policy", permissions);
    return payload;
  });
  await app.register(compress, { global: true, encodings: ["gzip"], threshold: 1024 });

  const clientDir = path.join(webBuildDir, "client");
  if (!dev && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = `/${path.relative(clientDir, filePath).split(path.sep).join("/")}`;
        res.header(
          "cache-control",
          // Hashed assets never change; the rest (images, icons) may change with a deploy.
          HASHED_ASSET.test(rel)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=86400, stale-while-revalidate=604800",
        );
      },
    });
  }

  // Per-client read budgets (decision 022). The page renders' own API calls carry this
  // process's mark and are not counted: their render was.
  const { now, ...budgets } = {
    renders: { max: env.RENDER_BUDGET_PER_MINUTE, windowMs: READ_BUDGET_WINDOW_MS },
    apiReads: { max: env.API_READ_BUDGET_PER_MINUTE, windowMs: READ_BUDGET_WINDOW_MS },
    ...options.readBudgets,
  };
  const renderBudget = createReadBudget(budgets.renders, now);
  const apiReadBudget = createReadBudget(budgets.apiReads, now);
  const ownRead = { "x-khayl-own-read": randomBytes(16).toString("hex") };
  // Public list answers, kept by normalised query until content changes (decision 022).
  const answers = createAnswerCache({ maxBytes: 16 * 1024 * 1024, ttlMs: 60_000 });
  if (database) {
    app.addHook("onRequest", async (request, reply) => {
      if ((request.method !== "GET" && request.method !== "HEAD") || !request.url.startsWith(`${API_ROOT}/`)) return;
      if (request.headers["x-khayl-own-read"] === ownRead["x-khayl-own-read"]) return;
      const waitMs = apiReadBudget.take(request.ip);
      if (waitMs) return tooManyReads(reply, waitMs);
    });
    // The API at /api/v1 and its OpenAPI docs at /api/docs (their own CSP, see http/openapi.ts).
    await app.register(apiRootPlugin, { prefix: API_ROOT, db: database.db, dbKind: database.kind, env, answers });
  }
  const mailWorker = database ? createMailWorker({ db: database.db, env, log: app.log }) : undefined;
  mailWorker?.start();
  // Expired rate-limit windows, codes and old mail are deleted on a schedule, off the request path.
  const retention = database ? createRetentionJob({ db: database.db, log: app.log }) : undefined;
  retention?.start();
  // E-mail alerts (decision 028): the watcher reads the schedules as the pages do (own API or API_URL).
  const alertWatcher = database ? createAlertWatcherOf(app, database.db, env, ownRead) : undefined;
  alertWatcher?.start();

  let handle: ReturnType<typeof createRequestHandler>;
  // The page cache's keys come from the build's own routes (production only: dev renders every
  // page), and so do the page rules its routes declare (decision 019).
  let pageCacheKey: ReturnType<typeof pageCacheKeys> | undefined;
  let pageRules: ReturnType<typeof pageRulesOfBuild> = () => ({ private: false, scripts: true });
  if (dev) {
    handle = createRequestHandler(dev.loadBuild, "development");
  } else {
    const serverEntry = path.join(webBuildDir, "server", "index.js");
    if (!existsSync(serverEntry)) throw new Error(`The web build is missing (${serverEntry}); run \`npm run build\`.`);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    handle = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
    pageCacheKey = pageCacheKeys(build.routes, env.PRODUCT_NAME);
    pageRules = pageRulesOfBuild(build.routes);
  }
  const config = publicConfig(env);
  const apiBaseUrl = env.API_URL ?? `http://in-process${API_PREFIX}`;
  // Public, read-mostly API answers (schedules, blogs, legal texts) are reused by page
  // renders for as long as the API's Cache-Control allows, at most a minute.
  const apiCache = createResponseCache({ maxEntries: 500, maxTtlMs: 60_000 });

  // A hashed asset that is not in this build (e.g. a stale tab after a deploy) is a 404,
  // not the catch-all page's redirect to `/`: the browser expects a script or a style.
  app.get("/assets/*", async (request, reply) =>
    reply
      .code(404)
      .send({ success: false, statusCode: 404, message: `Route GET:${request.url.split("?")[0]} not found` }),
  );

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
  const stopListening = database
    ? await database.listen("content_changed", () => {
        pageCache.clear();
        apiCache.clear();
        answers.clear();
      })
    : undefined;

  /**
   * React Router's answer for this request, with the API client of its language (decision
   * 016) and `nonce` for its inline scripts (decision 019). A `detached` render is the page
   * cache's: a GET (a HEAD is answered from the same copy, without its body) that outlives
   * the client that asked.
   */
  const render = (
    request: FastifyRequest,
    reply: FastifyReply,
    detached: boolean,
    nonce: string,
    { url = request.url, tooManyRequests = false } = {},
  ) => {
    const api = createApiClient({
      baseUrl: apiBaseUrl,
      // Pages under /ar ask the API for Arabic content (product §7's `language` header; decision 016).
      language: languageOfUrl(url),
      ...(env.API_URL
        ? { headers: { "x-forwarded-for": request.ip }, ...REMOTE_API_PATIENCE }
        : { fetch: inProcessFetch(app, request.ip, ownRead) }),
      cache: apiCache,
    });
    const webRequest = detached ? toWebRequest(request, undefined, "GET", url) : toWebRequest(request, reply);
    return handle(webRequest, {
      api,
      // E-mail alerts live in this site's database even when pages read a provider (decision 028).
      ...(env.API_URL && database
        ? {
            ownApi: createApiClient({
              baseUrl: `http://in-process${API_PREFIX}`,
              language: languageOfUrl(url),
              fetch: inProcessFetch(app, request.ip, {}),
            }),
          }
        : {}),
      config,
      log: request.log,
      nonce,
      ...(tooManyRequests ? { tooManyRequests } : {}),
    });
  };

  /**
   * A production render of this request (of `url` when given: the canonical URL whose copy is
   * kept) made ready to send: a fresh nonce, the CSP and headers of its page rules (decision 019).
   */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    detached: boolean,
    options: { url?: string; tooManyRequests?: boolean } = {},
  ): Promise<PageAnswer> => {
    const nonce = newNonce();
    const response = await render(request, reply, detached, nonce, options);
    const url = options.url ?? request.url;
    const mark = url.indexOf("?");
    return prepareAnswer(response, {
      env,
      secure: request.protocol === "https",
      method: detached ? "GET" : request.method,
      nonce,
      page: pageRules(mark < 0 ? url : url.slice(0, mark)),
    });
  };

  /**
   * The 429 page of a client over its render budget (decision 022): the error screen in the
   * request's language, rendered once per language and scheme, `private, no-store`, with
   * `retry-after`.
   */
  const tooManyRendersPages = new Map<string, Promise<PageAnswer>>();
  const tooManyRenders = async (request: FastifyRequest, reply: FastifyReply, waitMs: number, secure: boolean) => {
    const language = languageOfUrl(request.url);
    const which = `${secure} ${language}`;
    let page = tooManyRendersPages.get(which);
    if (!page) {
      const url = language === "ar" ? "/ar/term-of-use" : "/term-of-use";
      page = answer(request, reply, true, { url, tooManyRequests: true });
      tooManyRendersPages.set(which, page);
      page.catch(() => tooManyRendersPages.delete(which));
    }
    reply.header("retry-after", String(retryAfterSeconds(waitMs)));
    return sendAnswer(reply, await page);
  };

  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    pages.all("/*", async (request: FastifyRequest, reply: FastifyReply) => {
      if (dev) {
        reply.header("content-security-policy", devCsp);
        return reply.send(await render(request, reply, false, newNonce()));
      }
      const secure = request.protocol === "https";
      const route = pageCacheKey?.(request, secure);
      if (route && "location" in route)
        return reply
          .code(301)
          .header("location", route.location)
          .header("cache-control", "public, max-age=3600")
          .send();
      // Only a render for this request counts against its client's budget, never a kept copy.
      if (!route || !pageCache.holds(route.key)) {
        const waitMs = renderBudget.take(request.ip);
        if (waitMs) return tooManyRenders(request, reply, waitMs, secure);
      }
      if (!route) {
        const page = await answer(request, reply, false);
        // An action that stopped reading a body (too large) leaves the rest unread: close
        // the connection after this answer instead of draining it.
        if (!request.raw.complete) reply.header("connection", "close");
        return sendAnswer(reply, page);
      }
      // A page kept for everyone is rendered as a GET without this client's abort signal: a
      // refresh in the background outlives the request that found the copy stale.
      const result = await pageCache.get<PageAnswer>(route.key, async () => {
        const page = await answer(request, reply, true, { url: route.url });
        return page.kind === "page" && page.shared
          ? { keep: await cachedPage(page.status, page.headers, page.body) }
          : { pass: page, status: page.kind === "page" ? page.status : page.response.status };
      });
      if ("passed" in result) return sendAnswer(reply, result.passed);
      reply.header("x-page-cache", result.hit ? "hit" : "miss");
      return sendCachedPage(request, reply, result.page);
    });
  });

  return {
    app,
    database,
    mailWorker,
    seeded,
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
        mailWorker?.stop({ graceMs: Math.min(graceMs, 10_000) }),
        retention?.stop(),
        alertWatcher?.stop(),
        stopListening?.(),
      ]);
      if (ownsDatabase) await database?.close();
    },
  };
}

/**
 * With `TRUST_PROXY` unset, the first request that carries `X-Forwarded-For` or
 * `Forwarded` logs one warning (once per host, i.e. once per process): the server sits
 * behind a proxy it does not believe, so every client appears as the proxy and every
 * per-client limit (and per-address-and-client budget of account deletion) is shared by
 * the whole site.
 */
function warnOnceAboutForwardedHeaders(app: FastifyInstance): void {
  let warned = false;
  // Fastify cannot drop a hook once it runs, so after the warning this is a plain synchronous
  // return (no promise, no header lookup) on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    if (warned || (request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined))
      return done();
    warned = true;
    request.log.warn(
      { trustProxy: false },
      "a request came through a proxy (X-Forwarded-For or Forwarded) but TRUST_PROXY is unset: every client " +
        "appears as the proxy, so every per-client rate limit is shared by the whole site; set TRUST_PROXY to " +
        "the proxy's address or range (README, Production notes)",
    );
    done();
  });
}

/** The API's answer to a client over its budget of API reads (decision 022): 429, the envelope, `retry-after`. */
function tooManyReads(reply: FastifyReply, waitMs: number) {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds(waitMs)))
    .header("cache-control", "no-store")
    .send({ success: false, statusCode: 429, message: tooManyRequestsMessage(waitMs) });
}

/**
 * The language of a request's URL (decision 016: Arabic lives under `/ar`, English at the
 * spec's paths): what the API client asks for and what the 429 page speaks. A language is
 * the site's URL layout, not a page rule, so it is read from the path prefix here.
 */
function languageOfUrl(url: string): "ar" | "en" {
  return /^\/ar(\/|$|\?)/i.test(url) ? "ar" : "en";
}

/**
 * A remote provider API (`API_URL`) gets a bounded wait: 5 s per try, and GETs (which
 * are safe to repeat) are tried up to twice more after a network failure, a timeout or
 * a 502/503/504, so a page waits at most about 16 s (the in-process API needs neither).
 */
const REMOTE_API_PATIENCE = { timeoutMs: 5_000, retries: 2 } as const;

/**
 * Liveness and readiness for a load balancer or orchestrator: `GET /livez` answers 200
 * while the process runs; `GET /readyz` answers 200 when the database answers within
 * 2 s (or there is none: `API_URL`), and 503 while it does not or once shutdown began.
 * Both in the API envelope, never cached.
 */
function registerProbes(app: FastifyInstance, database: DbHandle | undefined, stopping: () => boolean): void {
  const answer = (reply: FastifyReply, statusCode: number, message: string) =>
    reply
      .code(statusCode)
      .header("cache-control", "no-store")
      .send({
        success: statusCode === 200,
        statusCode,
        message,
      });
  app.get("/livez", async (_request, reply) => answer(reply, 200, "live"));
  app.get("/readyz", async (_request, reply) => {
    if (stopping()) return answer(reply, 503, "Shutting down");
    if (database) {
      let timer: NodeJS.Timeout | undefined;
      const reachable = await Promise.race([
        ping(database.db).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2_000))),
      ]).finally(() => clearTimeout(timer));
      if (!reachable) return answer(reply, 503, "Database unreachable");
    }
    return answer(reply, 200, "ready");
  });
}

/**
 * A web `Request` for React Router from Fastify's request (body streamed), aborted when the
 * client disconnects when `reply` is given, with the request's method and URL unless `method`
 * and `path` (a path and query) are given.
 */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  method = request.method,
  path = request.url,
): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(path, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply?.raw.on("close", () => controller.abort());
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
