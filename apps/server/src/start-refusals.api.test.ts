import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testDbKind } from "@khayl/db/testing";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { freePort } from "./testing.ts";

/**
 * `npm start`'s server (apps/server/src/main.ts) refuses, before it opens a database, a
 * port or DATA_DIR, what would run the demo where other machines reach it, or give each
 * instance on a shared database a secret of its own (architecture §6, §3.7); the demo
 * opted in on purpose starts, and says so at warn. None of it depends on the test database
 * (the server runs the demo's own PGlite, or opens nothing): run in the api-pglite project only.
 * Each case starts the built server (`apps/server/dist/main.js`, what `npm start` runs), all
 * at once: a process each, so nothing is shared between them. `npm run dev`'s server
 * refuses the same way, and every tool refuses a DATA_DIR another process holds.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), "khayl-refusals-"));
const children: ReturnType<typeof spawn>[] = [];
const serverEntry = path.join(root, "apps/server/dist/main.js");

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** `npm run dev`'s server, from the folder npm runs it in. */
const dev = { args: ["--import", "tsx", "src/dev.ts"], cwd: path.join(root, "apps/server") };

/**
 * Starts the built main.ts (or `args`, in `cwd`) with only `env` (and PATH) set; collects its
 * output. `exited` settles once the process has exited and its output has all been read.
 */
function start(env: Record<string, string | undefined>, { args = [serverEntry], cwd = root } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => (output.stdout += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output.stderr += chunk));
  // "close", not "exit": on a busy host "exit" can come before the last of stderr is read.
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, output, exited };
}

describe.runIf(testDbKind() === "pglite")("start-up refusals", () => {
  beforeAll(() => {
    // What `npm start` would build first, once, before the cases start it side by side.
    execFileSync(process.execPath, ["scripts/start.mjs", "--build-only"], { cwd: root, stdio: "ignore" });
  }, 180_000);

  test.concurrent.each<{ what: string; env: Record<string, string>; line: RegExp; args?: string[]; cwd?: string }>([
    {
      what: "listening on every address (HOST=0.0.0.0) without PUBLIC_URL",
      env: { HOST: "0.0.0.0" },
      line: /^ {2}PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS: other machines can reach this server \(HOST=0\.0\.0\.0 listens beyond loopback\)/m,
    },
    {
      what: "listening on every IPv6 address (HOST=::) without PUBLIC_URL",
      env: { HOST: "::" },
      line: /^ {2}PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS: other machines can reach this server \(HOST=:: listens/m,
    },
    {
      what: "behind a proxy (TRUST_PROXY) on loopback without PUBLIC_URL",
      env: { HOST: "127.0.0.1", TRUST_PROXY: "loopback" },
      line: /^ {2}PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS: .*\(TRUST_PROXY=loopback names a proxy\)/m,
    },
    {
      what: "on a shared PostgreSQL (DATABASE_URL) without SECRET_KEY",
      // Nothing listens there: the refusal comes before any connection.
      env: { HOST: "127.0.0.1", DATABASE_URL: "postgres://khayl@127.0.0.1:9/khayl" },
      line: /^ {2}SECRET_KEY: not set; .*the same on every instance/m,
    },
    {
      what: "trusting every address (TRUST_PROXY=0.0.0.0/0), even opted in to the demo",
      env: { HOST: "127.0.0.1", TRUST_PROXY: "0.0.0.0/0", DEMO_ON_PUBLIC_ADDRESS: "true" },
      line: /^ {2}TRUST_PROXY: 0\.0\.0\.0\/0 trusts every address/m,
    },
    {
      what: "of `npm run dev` with PORT=abc",
      env: { PORT: "abc" },
      line: /^ {2}PORT: /m,
      ...dev,
    },
  ])(
    "a server $what exits 1 with what to set, having opened nothing",
    async ({ env, line, args, cwd }) => {
      const port = await freePort();
      const dataDir = path.join(work, `refused-${children.length}-${port}`);
      const server = start({ PORT: String(port), ...env, DATA_DIR: dataDir }, { args, cwd });
      expect(await server.exited).toBe(1);
      expect(server.output.stderr).toMatch(/^Invalid configuration:\n/);
      expect(server.output.stderr).toMatch(line);
      expect(server.output.stdout).toBe("");
      expect(existsSync(dataDir)).toBe(false);
    },
    // Quiet, a refusal takes about a second (the bundle's imports); CI starts it beside the
    // other "slow:" files' servers on two cores, where 30 s was seen to run out.
    90_000,
  );

  test.concurrent("slow: a server, `npm run dev` and db:migrate on a DATA_DIR another live process holds exit 1 saying so", async () => {
    const dataDir = path.join(work, "held");
    mkdirSync(dataDir);
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120_000)"], { stdio: "ignore" });
    children.push(holder);
    writeFileSync(path.join(dataDir, "pglite.lock"), `${holder.pid}\n`);
    const port = await freePort();
    const server = start({ HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir });
    const migrate = start({ DATA_DIR: dataDir }, { args: ["--import", "tsx", "packages/db/src/cli/migrate.ts"] });
    const refusal = (dir: string) =>
      `DATA_DIR ${dir} is in use by another process (pid ${holder.pid}): stop it first, or use another DATA_DIR\n`;
    // `npm run dev` in apps/server reads a relative DATA_DIR from the root, as `npm start` does.
    const relative = path.relative(root, dataDir);
    const devServer = start({ HOST: "127.0.0.1", PORT: String(await freePort()), DATA_DIR: relative }, dev);
    for (const [tool, dir] of [
      [server, dataDir],
      [migrate, dataDir],
      [devServer, relative],
    ] as const) {
      expect(await tool.exited).toBe(1);
      // After Vite's and React Router's own warnings, for `npm run dev`; no stack, no fatal log line.
      expect(tool.output.stderr.split("\n").slice(-2).join("\n")).toBe(refusal(dir));
      expect(tool.output.stderr).not.toMatch(/^\s+at /m);
      expect(tool.output.stdout).not.toContain('"level":60');
      if (tool !== devServer) expect(tool.output.stdout).toBe("");
    }
    // Nothing was written beside the holder's files: no database of a second process.
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
  }, 90_000);

  test.concurrent("slow: a demo opted in with DEMO_ON_PUBLIC_ADDRESS=true starts and warns at start-up", async () => {
    const port = await freePort();
    const server = start({
      HOST: "127.0.0.1",
      TRUST_PROXY: "loopback",
      DEMO_ON_PUBLIC_ADDRESS: "true",
      PORT: String(port),
      DATA_DIR: path.join(work, "opted-in"),
      LOG_LEVEL: "warn",
    });
    await vi.waitFor(() => expect(server.output.stdout).toContain(`Site:     http://localhost:${port}`), {
      // Booting, migrating and seeding PGlite beside the other servers CI starts: 109 s seen.
      timeout: 180_000,
      interval: 200,
    });
    const warning = server.output.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((entry) => entry.msg.startsWith("DEMO_ON_PUBLIC_ADDRESS=true: running the DEMO"));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain("(TRUST_PROXY=loopback names a proxy)");
    expect(server.output.stdout).toContain("WARNING:  the demo is reachable by other machines");
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 210_000);
});
