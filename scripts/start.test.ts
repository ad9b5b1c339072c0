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

/**
 * `npm start` on `port` over `dataDir`, as a newcomer runs it (through npm and the shell it
 * runs scripts with), the printed invoice link once it is printed, and a stop that sends
 * SIGTERM to npm, as a process manager or `kill` does, and answers npm's exit code.
 */
async function startDemo(dataDir: string, port: number) {
  // The Node running the tests first on PATH, so npm runs the server on it too.
  const env: NodeJS.ProcessEnv = {
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
  };
  const child = spawn("npm", ["start"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [child.stdout, child.stderr])
    stream.on("data", (chunk) => {
      output += String(chunk);
    });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const stop = async () => {
    child.kill("SIGTERM");
    return exited;
  };
  const invoice = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no invoice line in 120 s:\n${output}`)), 120_000);
    const look = () => {
      const match = /Invoice: {2}(http:\/\/localhost:\d+\/invoice\/[A-Za-z0-9_-]{43})/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`npm start exited ${child.exitCode}:\n${output}`));
      } else setTimeout(look, 200);
    };
    look();
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { invoice, stop };
}

/** Pays the demo invoice of link `hash` as its page does in the offline sandbox, with Stripe's test Visa. */
async function payInSandbox(site: string, hash: string) {
  const call = async (path: string, body: object) => {
    const response = await fetch(`${site}/api/v1/invoices-v2/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as { data: { paymentIntentId: string; clientSecret: string } };
  };
  const { data: intent } = await call("create-payment-by-link", { hash, paymentMethod: "card" });
  await call("sandbox-confirm-payment", {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    paymentMethod: {
      type: "card",
      card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
      billingDetails: { country: "UAE", name: "Layla Haddad" },
    },
  });
  await call("confirm-payment-by-link", { hash, paymentIntentId: intent.paymentIntentId });
}

test("slow: npm start serves the demo with a payable invoice, then stops cleanly on SIGTERM", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-start-"));
  try {
    const port = await freePort();
    const first = await startDemo(dataDir, port);
    const site = `http://127.0.0.1:${port}`;
    try {
      expect(new URL(first.invoice).port).toBe(String(port));
      const health = await fetch(`${site}/api/v1/health`);
      expect(health.status).toBe(200);
      const home = await fetch(`${site}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Wherever your equine journey takes you");
      const page = await fetch(`${site}${new URL(first.invoice).pathname}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Credit or Debit Card");
      // Every demo invoice link is kept for the local demo, readable by its owner only.
      const file = path.join(dataDir, "demo-invoices.json");
      expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(28);
      // A visitor pays the printed one before the next start.
      await payInSandbox(site, new URL(first.invoice).pathname.split("/").pop() as string);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // The server itself stopped, not only npm (a shell between them would leave it running).
    await expect(fetch(`${site}/livez`)).rejects.toThrow();

    // Started again on another port: the printed link is on this start's origin, and payable.
    const otherPort = await freePort();
    const second = await startDemo(dataDir, otherPort);
    try {
      expect(new URL(second.invoice).port).toBe(String(otherPort));
      expect(new URL(second.invoice).pathname).not.toBe(new URL(first.invoice).pathname);
      const page = await fetch(`http://127.0.0.1:${otherPort}${new URL(second.invoice).pathname}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Credit or Debit Card");
    } finally {
      expect(await second.stop()).toBe(0);
    }
    await expect(fetch(`http://127.0.0.1:${otherPort}/livez`)).rejects.toThrow();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);
