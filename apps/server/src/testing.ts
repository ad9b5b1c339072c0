import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { type AddressInfo, connect, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { createTestDb } from "@khayl/db/testing";
import { expect } from "vitest";
import { buildHost, type Host, webBuildDir } from "./host.ts";

/** The one process of a server test, and how to end it. */
export interface TestHost {
  host: Host;
  /** The test database the host's API runs on (`createTestDb`: PGlite or PostgreSQL by `TEST_DB`). */
  database: DbHandle;
  /** Its `DATA_DIR`, a fresh temporary folder. */
  dataDir: string;
  /** Closes the host, then the database, and removes `dataDir`. */
  close(): Promise<void>;
}

/**
 * The one process as `npm start` runs it, for a server test (conventions §5: the cheapest
 * level that sees a page's answer is `app.inject` against it): the production web build
 * (built first when missing, so that a lone run of a test file works), the in-process API
 * on a fresh test database, production mode, no log, a fresh `DATA_DIR` named after
 * `name`. `variables` are added to (or override) that environment, as strings, and go
 * through `parseEnv`, so a configuration the product would refuse throws here too.
 */
export async function startTestHost(name: string, variables: Record<string, string> = {}): Promise<TestHost> {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `khayl-${name}-`));
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production", ...variables });
  const database = await createTestDb();
  const host = await buildHost({ env, logger: false, database });
  return {
    host,
    database,
    dataDir,
    async close() {
      await host.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A host's answer read over a socket (`sendAsIs`). */
export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request sent to `host` over a real socket with its path exactly as written: `app.inject`
 * resolves a path first (`/./x`, `/\\other.example/x`), so what a raw client sends as the
 * request target can only be tested so. The host listens on a free port of 127.0.0.1 from
 * the first call on (closed with the host).
 */
export async function sendAsIs(
  host: Host,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  if (!host.app.server.listening) await host.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = host.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, method: request.method ?? "GET", path: request.path, headers: request.headers },
      (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (body += chunk));
        incoming.on("end", () => resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/**
 * `bytes` written to `host` over a real socket as they are, and what came back until the
 * host closed the connection (so end the request with `Connection: close`, or send HTTP/1.0):
 * for requests no HTTP client will make, such as an empty Host header or none at all. The
 * socket's sending side is closed after the bytes unless `keepSending`, as a real client keeps it
 * open until the answer: Node drops the answer to a client that stopped sending before it
 * was written, so a request answered after a database call (on PostgreSQL) needs it.
 */
export async function sendBytes(host: Host, bytes: string, { keepSending = false } = {}): Promise<string> {
  if (!host.app.server.listening) await host.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = host.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => (keepSending ? socket.write(bytes) : socket.end(bytes)));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** A TCP port on 127.0.0.1 that nothing listened on a moment ago (for a server process a test starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The security headers every answer of the host carries, whatever wrote it (helmet's set,
 * the CSP and the permissions policy: architecture §3.7): their names and two fixed values;
 * the referrer policy is the stricter `strict-origin` on a refusal, which may be on a private
 * page's URL (decision 019).
 */
export function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const name of [
    "content-security-policy",
    "permissions-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-opener-policy",
    "cross-origin-resource-policy",
    "origin-agent-cluster",
    "x-dns-prefetch-control",
    "x-permitted-cross-domain-policies",
  ])
    expect(headers, name).toHaveProperty(name);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toMatch(/^strict-origin(-when-cross-origin)?$/);
}

/**
 * Asks the host's API for e-mail alerts to `email` and answers the link token of the
 * confirmation mail as the subscriber reads it: from the demo's file outbox
 * (`DATA_DIR/outbox/<id>-alert-confirmation.eml`), since the outbox row keeps no token once
 * the mail is sent (decision 028). The host's worker is asked to deliver at once
 * (`deliverDue`); when its own round holds the mail, the file is awaited (at most 5 s).
 * `alert` is what the alerts are about and their language (default: new export flights, in
 * English).
 */
export async function mailedAlertToken(
  site: { host: Host; dataDir: string },
  email: string,
  remoteAddress: string,
  alert: { watch: string; filter: string; language: "en" | "ar" } = {
    watch: "flights",
    filter: "export",
    language: "en",
  },
): Promise<string> {
  const asked = await site.host.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions",
    payload: { email, ...alert },
    remoteAddress,
  });
  expect(asked.statusCode).toBe(202);
  const dir = path.join(site.dataDir, "outbox");
  for (let tries = 0; tries < 50; tries++) {
    await site.host.mailWorker.deliverDue();
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith("alert-confirmation.eml"));
    for (const file of files.sort().reverse()) {
      const eml = (await readFile(path.join(dir, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const token = eml.includes(`To: ${email}`) && /\/alerts\/confirm\/([\w.-]+)/.exec(eml)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no alert confirmation mailed to ${email}`);
}
