import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { createLogger } from "@khayl/api/http/log";
import { openedOutbox } from "@khayl/api/modules/mail/testing";
import { loadSecretKey, secretKeysOf } from "@khayl/api/secret-key";
import { type Env, parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { outbox, rateLimits } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import { buildHost, webBuildDir } from "./host.ts";

/** What the host does besides answering: its secret, the retention purge, and a warning about proxies. */
beforeAll(() => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent -w @khayl/web", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
}, 120_000);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(extra: Record<string, string> = {}, logLevel = "silent") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-housekeeping-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const database = await createTestDb();
  cleanups.push(() => database.close());
  const lines: string[] = [];
  const logger = createLogger(
    logLevel,
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: logLevel, NODE_ENV: "production", ...extra });
  return { dir, database, env, logger, lines };
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The code of the newest deletion mail to `email`, opened with the host's secret (`env`'s, or the demo's key file). */
async function newestCode(database: DbHandle, env: Env, email: string): Promise<string> {
  const { sealer } = secretKeysOf(await loadSecretKey(env));
  const mail = (
    await openedOutbox(database.db, sealer, and(eq(outbox.to, email), eq(outbox.kind, "delete-account-code")))
  ).at(-1);
  return /code is (\d{4})/.exec(mail?.text ?? "")?.[1] ?? "";
}

test("the demo generates its secret once into DATA_DIR/secret-key (0600) and keeps it across restarts", async () => {
  const { dir, database, env } = await setUp();
  const first = await buildHost({ env, logger: false, database });
  const file = path.join(dir, "secret-key");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const key = await readFile(file, "utf8");
  expect(key.trim()).toMatch(/^[0-9a-f]{64}$/);
  // A code asked before a restart still works after it: the key was kept, not regenerated.
  await first.mailWorker.stop();
  const asked = await first.app.inject({
    url: "/api/v1/auth/ask-delete-account?email=omar.mansoori%40example.com",
    remoteAddress: "10.40.0.1",
  });
  expect(asked.statusCode).toBe(200);
  const code = await newestCode(database, env, "omar.mansoori@example.com");
  await first.close();
  const second = await buildHost({ env, logger: false, database });
  cleanups.push(() => second.close());
  expect(await readFile(file, "utf8")).toBe(key);
  const confirmed = await second.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email: "omar.mansoori@example.com", otpCode: code },
    remoteAddress: "10.40.0.1",
  });
  expect(confirmed.statusCode).toBe(200);
});

test("the host purges expired rows on a schedule, off the request path", async () => {
  const { database, env } = await setUp();
  await database.db.insert(rateLimits).values({
    key: "ended-window",
    count: 3,
    resetAt: sql`now() - interval '1 minute'` as unknown as Date,
  });
  const host = await buildHost({ env, logger: false, database });
  cleanups.push(() => host.close());
  await until(
    async () => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, "ended-window"))).length === 0,
    "the retention purge",
  );
});

test("forwarded headers without TRUST_PROXY log one warning per process; with TRUST_PROXY none", async () => {
  const { database, env, logger, lines } = await setUp({}, "warn");
  const host = await buildHost({ env, logger, database, seed: false });
  cleanups.push(() => host.close());
  await host.app.inject({ url: "/api/v1/health" });
  expect(lines.join("")).not.toContain("TRUST_PROXY");
  for (const headers of [{ "x-forwarded-for": "203.0.113.9" }, { forwarded: "for=203.0.113.9" }])
    await host.app.inject({ url: "/api/v1/health", headers });
  const warnings = lines.filter((line) => line.includes("TRUST_PROXY is unset"));
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0] ?? "{}")).toMatchObject({ level: 40 });
  expect(warnings[0]).toContain("every per-client rate limit is shared by the whole site");

  const trusted = await setUp({ TRUST_PROXY: "loopback", DEMO_ON_PUBLIC_ADDRESS: "true" }, "warn");
  const behindProxy = await buildHost({
    env: trusted.env,
    logger: trusted.logger,
    database: trusted.database,
    seed: false,
  });
  cleanups.push(() => behindProxy.close());
  await behindProxy.app.inject({ url: "/api/v1/health", headers: { "x-forwarded-for": "203.0.113.9" } });
  expect(trusted.lines.join("")).not.toContain("TRUST_PROXY");
});

test("while the database is away, pages and API calls log the outage once with its error, not each failure", async () => {
  const { database, env, logger, lines } = await setUp({}, "warn");
  const host = await buildHost({ env, logger, database, seed: false });
  cleanups.push(() => host.close());
  // Every query now fails as on a refused connection (PGlite's, or PostgreSQL's pool).
  const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const method = database.kind === "pglite" ? "execProtocolStream" : "query";
  const real = client[method];
  client[method] = async () => {
    throw refused();
  };
  try {
    for (let n = 0; n < 10; n++) {
      expect((await host.app.inject({ url: "/transport/1" })).statusCode).toBe(503);
      expect((await host.app.inject({ url: `/api/v1/event-services/website?limit=${n + 1}` })).statusCode).toBe(503);
    }
  } finally {
    client[method] = real;
  }
  // The requests' lines (a request id, or an outage's count): a housekeeping job that ran in
  // the same moment (the retention purge, on PostgreSQL's slower start) logs its own failure.
  const ofRequests = lines.filter((line) => {
    const parsed = JSON.parse(line) as { reqId?: unknown; outage?: unknown };
    return parsed.reqId !== undefined || parsed.outage !== undefined;
  });
  const withError = ofRequests.filter((line) => line.includes('"err"')).map((line) => JSON.parse(line));
  // The first of each: the API's (its error and request id) and the page's (its loader's message).
  expect(withError.map((line) => [line.level, line.msg, line.outage])).toEqual([
    [40, "the database is unreachable", "the database is unreachable"],
    [40, "show failed to load", "pages cannot read the API"],
  ]);
  expect(withError[0].reqId).toBeDefined();
  expect(ofRequests.join("").length).toBeLessThan(10_000);
});
