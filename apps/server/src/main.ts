import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createLogger } from "@khayl/api/http/log";
import {
  deploymentKind,
  type Env,
  exposedDemoWarning,
  loadEnvFile,
  parseEnv,
  publicOrigin,
  stripeConfigured,
} from "@khayl/config/env";
import type { DemoInvoiceLink } from "@khayl/db/seed/invoices";
import { buildHost, SHUTDOWN_GRACE_MS } from "./host.ts";

/**
 * `npm start`: loads `.env` when present, validates the configuration (exiting with every
 * problem listed: a bad variable, or what a public deployment must not run with), warns
 * at every start of a demo that other machines can reach (`DEMO_ON_PUBLIC_ADDRESS=true`),
 * builds the host and listens on HOST:PORT. SIGTERM or SIGINT shut it down gracefully
 * (`Host.close`) and exit 0.
 */
loadEnvFile();
let env: Env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const log = createLogger(env.LOG_LEVEL);
const exposedDemo = exposedDemoWarning(env);
if (exposedDemo) log.warn(exposedDemo);
const major = Number(process.versions.node.split(".")[0]);
if (major < 22)
  log.warn(
    `Node.js ${process.versions.node} is past its end of life (April 2026): good enough for the local demo; run Node.js 24 LTS in production (.nvmrc)`,
  );

let host: Awaited<ReturnType<typeof buildHost>>;
try {
  host = await buildHost({ env, seed: env.DEMO_DATA, logger: log });
  await host.app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  log.fatal({ err: error }, "the server could not start");
  process.exit(1);
}
const origin = publicOrigin(env);
log.info(`Site ready at ${origin}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.info({ signal }, "shutting down: finishing the requests and mail under way");
    // If closing itself hangs, leave anyway (an orchestrator would kill us soon after).
    setTimeout(() => {
      log.error("shutdown did not finish in time");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 10_000).unref();
    host.close().then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}

// The link is a convenience of the demo: a demo-invoices.json that cannot be read or written
// must not stop a server that is already serving.
let invoice: string | null = null;
try {
  invoice = await payableDemoInvoice();
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

/**
 * The payable demo invoice link to print, if any. Only the process that seeded the demo
 * invoices learns their links (it writes them to `DATA_DIR/demo-invoices.json`, readable
 * by its owner only); a later start of the local demo prints the first unpaid one from
 * that file. A public deployment prints links only from the process that seeded them, and
 * never a real invoice's: they are not in that file. Throws when the file cannot be
 * written, or read and parsed.
 */
async function payableDemoInvoice(): Promise<string | null> {
  const file = path.join(env.DATA_DIR, "demo-invoices.json");
  const seededNow = host.seeded?.invoiceLinks ?? [];
  let links: (DemoInvoiceLink & { url: string })[] = [];
  if (seededNow.length > 0) {
    links = seededNow.map((i) => ({ ...i, url: `${origin}/invoice/${i.hash}` }));
    await mkdir(env.DATA_DIR, { recursive: true });
    await writeFile(file, `${JSON.stringify(links, null, 2)}\n`, { mode: 0o600 });
  } else if (deploymentKind(env) === "demo" && existsSync(file)) {
    links = JSON.parse(await readFile(file, "utf8")) as typeof links;
  }
  return links.find((i) => i.status === "unpaid")?.url ?? null;
}
