import { Worker } from "node:worker_threads";
import { createLogger } from "@khayl/api/http/log";
import {
  type Env,
  exposedDemoWarning,
  loadEnvFile,
  parseEnvOrExit,
  publicOrigin,
  stripeConfigured,
} from "@khayl/config/env";
import { databaseOpenProblem } from "@khayl/db/open-problems";
import { payableDemoInvoice } from "./demo-invoice-link.ts";
import { buildHost } from "./host.ts";
import { onShutdownSignals } from "./shutdown-signals.ts";
import { checkListenable, exitOnStartError, listenProblem } from "./startup-problems.ts";

/**
 * `npm start`: loads `.env` when present, validates the configuration (exiting with every
 * problem listed: a bad variable, or what a public deployment must not run with), warns
 * at every start of a demo that other machines can reach (`DEMO_ON_PUBLIC_ADDRESS=true`),
 * builds the host and listens on HOST:PORT. SIGTERM or SIGINT shut it down gracefully
 * (`Host.close`) and exit 0, always within the bound of docs/deploy.md (decision 023).
 * Every file it creates is its user's alone (umask 077): the embedded database's files
 * (its write-ahead log holds what rows held before an erasure or redaction), the demo's
 * mail files, the secret key (architecture §3.7, "At rest").
 */
process.umask(0o077);
loadEnvFile();
const configured: Env = parseEnvOrExit();
const log = createLogger(configured.LOG_LEVEL);
const exposedDemo = exposedDemoWarning(configured);
if (exposedDemo) log.warn(exposedDemo);
const major = Number(process.versions.node.split(".")[0]);
if (major < 22)
  log.warn(
    `Node.js ${process.versions.node} is past its end of life (April 2026): good enough for the local demo; run Node.js 24 LTS in production (.nvmrc)`,
  );

// A setup mistake (the port taken, DATA_DIR held or not writable, DATABASE_URL refused) is
// one line saying which variable to change; the port is tried first, before the database
// is opened and migrated. PORT 0 becomes the free port the system chose, before anything
// (the site's public URL, the printed links) is built from it.
let port = configured.PORT;
try {
  port = await checkListenable(configured);
} catch (error) {
  exitOnStartError(error, listenProblem(error, configured), log);
}
const env: Env = { ...configured, PORT: port };
let host: Awaited<ReturnType<typeof buildHost>>;
try {
  host = await buildHost({ env, seed: env.DEMO_DATA, logger: log });
} catch (error) {
  exitOnStartError(error, databaseOpenProblem(error, env), log);
}
try {
  await host.app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  exitOnStartError(error, listenProblem(error, env), log);
}
const origin = publicOrigin(env);
log.info(`Site ready at ${origin}`);

/** The grace period of a shutdown, in ms (`SHUTDOWN_GRACE_MS`, default 20 s; the shutdown test uses a short one). */
const graceMs = env.SHUTDOWN_GRACE_MS;
/** After the grace period, how long closing the database and the mail may take before the process leaves anyway. */
const CLOSING_MS = 5_000;
/** After that, how long `process.exit` itself may take before the process is killed. */
const EXITING_MS = 5_000;

/**
 * Kills this process with SIGKILL `ms` from now, from a worker thread of its own: the one
 * way out that nothing on the main thread can hold up (a synchronous write to a full pipe,
 * a busy loop in an exit handler). Unreferenced: it never keeps the process alive.
 */
function killAfter(ms: number): void {
  const code = `const { workerData } = require("node:worker_threads");
    setTimeout(() => process.kill(workerData.pid, "SIGKILL"), workerData.ms);`;
  new Worker(code, { eval: true, workerData: { pid: process.pid, ms } }).unref();
}

// Ctrl-C in a terminal sends SIGINT twice (the terminal's and npm's): the repeat is ignored.
// A signal after that ends the process at once, exit 1 (docs/deploy.md).
onShutdownSignals(
  (signal) => {
    // The process always ends within graceMs + CLOSING_MS + EXITING_MS (decision 023):
    // requests and mail get the grace period, closing the rest CLOSING_MS more, then it
    // exits 1; should even that hang, it is killed.
    try {
      killAfter(graceMs + CLOSING_MS + EXITING_MS);
    } catch (error) {
      log.warn({ err: error }, "the last-resort kill could not be armed: the exit timer alone bounds the shutdown");
    }
    log.info({ signal, graceMs }, "shutting down: finishing the requests and mail under way");
    setTimeout(() => {
      log.error("shutdown did not finish in time");
      process.exit(1);
    }, graceMs + CLOSING_MS).unref();
    host.close({ graceMs }).then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  },
  (signal) => {
    log.warn({ signal }, "a second signal: exiting at once, cutting what is under way");
    process.exit(1);
  },
);

// The link is a convenience of the demo: a demo-invoices.json that cannot be read or written
// must not stop a server that is already serving.
let invoice: string | null = null;
try {
  invoice = await payableDemoInvoice(host, env, origin);
} catch (error) {
  log.warn({ err: error }, "the demo invoice link could not be read or saved (DATA_DIR/demo-invoices.json)");
}
const payments = stripeConfigured(env)
  ? "Stripe"
  : "offline SANDBOX, test mode: Stripe's test cards are accepted and nothing is charged (set STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY for real payments)";
if (!stripeConfigured(env) && !env.API_URL) log.warn(`Payments: ${payments}`);
console.log(
  `\n  Site:     ${origin}\n  API:      ${origin}/api/v1/health\n  Payments: ${payments}${invoice ? `\n  Invoice:  ${invoice}` : ""}` +
    `${exposedDemo ? "\n  WARNING:  the demo is reachable by other machines (DEMO_ON_PUBLIC_ADDRESS=true)" : ""}\n`,
);
