import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

/**
 * The README's first promise, kept on whatever Node runs the tests (CI runs this on Node 24
 * LTS and on the machines' Node 20): `npm start` with nothing configured serves the demo,
 * prints a payable demo invoice, and stops cleanly on SIGTERM.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test("slow: npm start serves the demo with a payable invoice, then stops cleanly on SIGTERM", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-start-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [child.stdout, child.stderr])
    stream.on("data", (chunk) => {
      output += String(chunk);
    });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    const invoice = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no invoice line in 120 s:\n${output}`)), 120_000);
      const look = () => {
        const match = /Invoice: {2}(http:\/\/localhost:\d+\/invoice\/[A-Za-z0-9_-]{43})/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        } else setTimeout(look, 200);
      };
      look();
    });
    const site = `http://127.0.0.1:${port}`;
    const health = await fetch(`${site}/api/v1/health`);
    expect(health.status).toBe(200);
    const home = await fetch(`${site}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Wherever your equine journey takes you");
    const page = await fetch(`${site}${new URL(invoice).pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Credit or Debit Card");
    // Every demo invoice link is kept for the local demo, readable by its owner only.
    const file = path.join(dataDir, "demo-invoices.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(28);
  } finally {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
