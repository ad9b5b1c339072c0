import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testDbKind } from "@khayl/db/testing";
import { afterAll, describe, expect, test } from "vitest";
import { freePort } from "./testing.ts";

/**
 * `npm run dev` (apps/server/src/dev.ts) honours DEMO_DATA as `npm start` does, and the run
 * that seeds the demo invoices saves their links to `DATA_DIR/demo-invoices.json` (a later
 * `npm start` on the same DATA_DIR prints one of them) and prints a payable one. Runs the
 * demo's own PGlite: in the api-pglite project only.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), "khayl-dev-"));
const children: ReturnType<typeof spawn>[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** Starts `npm run dev`'s server on `dataDir` with `env`; answers its origin and output once it serves. */
async function startDev(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/dev.ts"], {
    cwd: path.join(root, "apps/server"),
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output = { text: "" };
  child.stdout?.on("data", (chunk: Buffer) => (output.text += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output.text += chunk));
  const started = Date.now();
  while (!output.text.includes("Dev server:")) {
    if (child.exitCode !== null || Date.now() - started > 90_000) throw new Error(`dev did not start:\n${output.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { origin: `http://127.0.0.1:${port}`, output, stop };
}

/** How many blogs the site's API lists. */
async function blogCount(origin: string): Promise<number> {
  const answer = await fetch(`${origin}/api/v1/blog/getWebsiteBlogs`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { rows: unknown[] } }).data.rows.length;
}

describe.runIf(testDbKind() === "pglite")("npm run dev's demo data", () => {
  test.concurrent("slow: DEMO_DATA=false seeds nothing", async () => {
    const dev = await startDev(path.join(work, "empty"), { DEMO_DATA: "false" });
    try {
      expect(await blogCount(dev.origin)).toBe(0);
      expect(dev.output.text).not.toContain("Invoice:");
    } finally {
      await dev.stop();
    }
  }, 120_000);

  test.concurrent("slow: the seeding run saves the demo invoice links and prints a payable one", async () => {
    const dataDir = path.join(work, "demo");
    const dev = await startDev(dataDir);
    try {
      expect(await blogCount(dev.origin)).toBeGreaterThan(0);
      expect(dev.output.text).toMatch(/Invoice: +http:\/\/localhost:\d+\/invoice\/[\w-]{43}/);
      expect(existsSync(path.join(dataDir, "demo-invoices.json"))).toBe(true);
    } finally {
      await dev.stop();
    }
  }, 120_000);
});
