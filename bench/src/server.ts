import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";
import { httpGet } from "./http.ts";
import { parseInvoiceLine } from "./routes.ts";

export interface ServerHandle {
  origin: string;
  /** False once the process has exited. */
  alive(): boolean;
  dataDir: string;
  /** The demo invoice path from the start-up output or `DATA_DIR/demo-invoice-url.txt`, if any. */
  invoicePath(): string | null;
  /** The last lines the server printed (for error messages). */
  tail(): string;
  stop(): Promise<void>;
}

/**
 * Variables that would make the measured server differ from a fresh `npm start` with
 * demo defaults (another database or API, real mail, Stripe, analytics, another build).
 */
const isolatedVariables = [
  "DATABASE_URL",
  "API_URL",
  "SMTP_URL",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "GA_MEASUREMENT_ID",
  "PUBLIC_URL",
  "TRUST_PROXY",
  "DEMO_ON_PUBLIC_ADDRESS",
  "WEB_BUILD_DIR",
  "LOG_LEVEL",
  "NODE_OPTIONS",
  "RENDER_BUDGET_PER_MINUTE",
  "API_READ_BUDGET_PER_MINUTE",
];

/** A free TCP port on 127.0.0.1 in [from, to] (the bench's range is 3300–3399). */
export async function findFreePort(from = 3300, to = 3399): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${from} and ${to}`);
}

/**
 * Starts the site as `npm start` would (`node scripts/start.mjs`, NODE_ENV=production)
 * on `port` with `dataDir`, and waits until `/api/v1/health` answers. `webBuildDir`
 * (relative to apps/web) selects a copy of the build. Stops it on cleanup.
 */
export async function startServer(options: {
  root: string;
  port: number;
  dataDir: string;
  webBuildDir?: string;
}): Promise<ServerHandle> {
  const origin = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of isolatedVariables) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: "info",
    WEB_BUILD_DIR: options.webBuildDir ?? "build",
    // The bench is one client measuring renders on purpose: no read budget (decision 022).
    RENDER_BUDGET_PER_MINUTE: "0",
    API_READ_BUDGET_PER_MINUTE: "0",
  });
  const lines: string[] = [];
  const tail = () => lines.slice(-20).join("\n");
  let invoiceFromOutput: string | null = null;
  const child: ChildProcess = spawn(process.execPath, [path.join(options.root, "scripts/start.mjs")], {
    cwd: options.root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      invoiceFromOutput ??= parseInvoiceLine(line);
    }
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let exited: string | null = null;
  let stopping = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`;
      if (!stopping)
        console.error(`  ! the server on ${origin} exited unexpectedly (${exited}); its last output:\n${tail()}`);
      resolve();
    }),
  );

  const stop = async () => {
    stopping = true;
    if (exited !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exit;
    clearTimeout(timer);
  };
  const unregister = onCleanup(`server on ${origin}`, stop);

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`The server exited (${exited}) before answering`);
    try {
      const answer = await httpGet(`${origin}/api/v1/health`, {}, 2_000);
      if (answer.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await unregister();
      throw new Error(`The server did not answer /api/v1/health within 180 s:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    origin,
    alive: () => exited === null,
    dataDir: options.dataDir,
    invoicePath() {
      if (invoiceFromOutput) return invoiceFromOutput;
      const file = path.join(options.dataDir, "demo-invoice-url.txt");
      return existsSync(file) ? parseInvoiceLine(`Invoice: ${readFileSync(file, "utf8").trim()}`) : null;
    },
    tail,
    stop: unregister,
  };
}
