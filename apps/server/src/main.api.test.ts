import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
let child: ChildProcess | undefined;
let dataDir: string | undefined;

beforeAll(() => {
  // The server as `npm start` runs it, built once if its sources changed (no TypeScript loader per start).
  execFileSync(process.execPath, ["scripts/start.mjs", "--build-only"], { cwd: root, stdio: "ignore" });
}, 180_000);

afterAll(() => {
  child?.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("slow: `npm start` keeps serving when the demo invoice file cannot be written; PORT 0's links lead to it", async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-main-"));
  // A folder where the file should be: writing the seeded invoices' links fails.
  mkdirSync(path.join(dataDir, "demo-invoices.json"));
  let output = "";
  child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  await vi.waitFor(() => expect(output).toContain("the demo invoice link could not be read or saved"), {
    // The child boots PGlite and migrates before it says anything: over a minute on a loaded
    // 2-core host, and past 120 s in a CI run beside the other "slow:" files' servers.
    timeout: 240_000,
    interval: 200,
  });
  // PORT 0 asks for any free port: the printed link names the one chosen, and leads to the site.
  await vi.waitFor(() => expect(output).toMatch(/Site: +http:\/\/localhost:\d+\n/), { timeout: 10_000, interval: 100 });
  const port = Number(output.match(/Site: +http:\/\/localhost:(\d+)\n/)?.[1]);
  expect(port).toBeGreaterThan(0);
  expect(child.exitCode).toBeNull();
  const live = await fetch(`http://127.0.0.1:${port}/livez`);
  expect(live.status).toBe(200);
  const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  expect(home).toContain(`<link rel="canonical" href="http://localhost:${port}/"`);
  // The embedded database is the server's user's alone: its write-ahead log keeps what rows
  // held before an erasure or a redaction (codes, alert links, a deleted account). PGlite
  // sets its files' modes itself (0666), so the folder is the barrier.
  const database = path.join(dataDir, "pglite");
  expect(statSync(database).mode & 0o777).toBe(0o700);
  expect(readdirSync(path.join(database, "pg_wal")).length).toBeGreaterThan(0);
}, 270_000);
