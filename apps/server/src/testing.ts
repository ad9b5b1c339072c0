import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
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

/** A TCP port on 127.0.0.1 that nothing listened on a moment ago (for a server process a test starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The security headers every answer of the host carries (the header names and the two fixed values). */
export function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const name of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"])
    expect(headers, name).toHaveProperty(name);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}
