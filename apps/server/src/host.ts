import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { API_PREFIX, API_ROOT, apiRootPlugin } from "@khayl/api/app";
import { createMailWorker, type MailWorker } from "@khayl/api/modules/mail/worker";
import { type Env, publicConfig } from "@khayl/config/env";
import { createApiClient, createResponseCache } from "@khayl/contract/client";
import { createDb, type DbHandle } from "@khayl/db/client";
import { seedDemoData } from "@khayl/db/seed/index";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageCsp, permissionsPolicy, resourceCsp } from "./csp.ts";
import { inProcessFetch } from "./in-process-fetch.ts";

/** The web app's production build (`npm run build`; WEB_BUILD_DIR relative to apps/web). */
export const webBuildDir = path.resolve(
  fileURLToPath(new URL("../../web/", import.meta.url)),
  process.env.WEB_BUILD_DIR ?? "build",
);

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export interface HostOptions {
  env: Env;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | { level: string };
  /** Load demo data into empty tables (default true). */
  seed?: boolean;
  /** Use this database instead of opening one from `env` (tests). */
  database?: DbHandle;
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
  close(): Promise<void>;
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
export function answerFrameworkError(error: { message: string }, _request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(400)
    .headers(FRAMEWORK_ERROR_HEADERS)
    .send({ success: false, statusCode: 400, message: "Malformed request URL" });
}
/** `npm run dev` only: Vite's client and React refresh use inline scripts, eval and a websocket. */
const devCsp = "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob: ws: wss:";

/**
 * The one Node process of architecture §2: security headers, compression, the hashed
 * static assets, the API under `/api/v1` (unless `API_URL` points elsewhere) and
 * React Router's server render for every other path. Never listens.
 */
export async function buildHost(options: HostOptions): Promise<Host> {
  const { env } = options;
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: env.TRUST_PROXY?.length ? env.TRUST_PROXY.join(",") : false,
    bodyLimit: 64 * 1024,
    frameworkErrors: answerFrameworkError,
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== "debug" && env.LOG_LEVEL !== "trace" }),
    ...(options.dev
      ? {
          serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
            createServer((req, res) => options.dev!.middlewares(req, res, () => handler(req, res))),
        }
      : {}),
  }) as unknown as FastifyInstance;

  let database = options.database;
  if (!env.API_URL && !database) {
    database = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
  }
  if (database && options.seed !== false) {
    const summary = await seedDemoData(database.db);
    app.log.info({ seeded: summary }, "demo data checked");
  }

  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    request.cspNonce = randomBytes(16).toString("base64");
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
  const permissions = permissionsPolicy(env);
  app.addHook("onSend", async (request, reply, payload) => {
    // Page responses set their own policy (with the nonce) in the page handler.
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", resourceCsp);
    reply.header("permissions-policy", permissions);
    return payload;
  });
  await app.register(compress, { global: true, encodings: ["gzip"], threshold: 1024 });

  const clientDir = path.join(webBuildDir, "client");
  if (!options.dev && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = "/" + path.relative(clientDir, filePath).split(path.sep).join("/");
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

  if (database) {
    // The API at /api/v1 and its OpenAPI docs at /api/docs (their own CSP, see http/openapi.ts).
    await app.register(apiRootPlugin, { prefix: API_ROOT, db: database.db, dbKind: database.kind, env });
  }
  const mailWorker = database ? createMailWorker({ db: database.db, env, log: app.log }) : undefined;
  mailWorker?.start();

  let handle: ReturnType<typeof createRequestHandler>;
  if (options.dev) {
    handle = createRequestHandler(options.dev.loadBuild, "development");
  } else {
    const serverEntry = path.join(webBuildDir, "server", "index.js");
    if (!existsSync(serverEntry)) throw new Error(`The web build is missing (${serverEntry}); run \`npm run build\`.`);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    handle = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
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

  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    pages.all("/*", async (request: FastifyRequest, reply: FastifyReply) => {
      const api = createApiClient({
        baseUrl: apiBaseUrl,
        fetch: env.API_URL ? undefined : inProcessFetch(app, request.ip),
        headers: env.API_URL ? { "x-forwarded-for": request.ip } : undefined,
        cache: apiCache,
      });
      const secure = request.protocol === "https";
      reply.header("content-security-policy", options.dev ? devCsp : pageCsp(env, request.cspNonce, secure));
      const response = await handle(toWebRequest(request, reply), {
        api,
        config,
        cspNonce: request.cspNonce,
        log: request.log,
      });
      // An action that stopped reading a body (too large) leaves the rest unread: close
      // the connection after this answer instead of draining it.
      if (!request.raw.complete) reply.header("connection", "close");
      return reply.send(response);
    });
  });

  return {
    app,
    database,
    mailWorker,
    async close() {
      await mailWorker?.stop();
      await app.close();
      await database?.close();
    },
  };
}

/** A web `Request` for React Router from Fastify's request (body streamed, aborted on disconnect). */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
