import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";

/** `npm run db:seed` as a newcomer may run it before the first `npm start`. */

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-seed-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("slow: db:seed on a fresh DATA_DIR keeps the demo invoices' links for the next npm start to print", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/db/src/cli/seed.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  // "close": once the process has exited and all of its output has been read.
  expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
  expect(stdout).toMatch(/^seeded \(pglite\): .*"invoices":\d+/m);
  // The database keeps each token's hash only: without this file no start could print a link.
  const file = path.join(dataDir, "demo-invoices.json");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const links = JSON.parse(readFileSync(file, "utf8")) as { hash: string; status: string }[];
  expect(links.find((link) => link.status === "unpaid")?.hash).toMatch(/^[\w-]{43}$/);
}, 60_000);
