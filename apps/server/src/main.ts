import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseEnv, publicOrigin, stripeConfigured } from "@khayl/config/env";
import { demoInvoiceLinks } from "@khayl/db/seed/invoices";
import { buildHost } from "./host.ts";

/**
 * `npm start`: validates the configuration (exiting with every bad variable listed),
 * builds the host and listens on HOST:PORT. Closes cleanly on SIGINT/SIGTERM.
 */
let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const host = await buildHost({ env, seed: env.DEMO_DATA });
const origin = publicOrigin(env);

// Demo invoices are reachable only through their random link tokens: list their links in
// DATA_DIR/demo-invoices.json (local use and e2e) and print one payable link below.
const demoInvoices = host.database
  ? (await demoInvoiceLinks(host.database.db)).map((i) => ({ ...i, url: `${origin}/invoice/${i.hash}` }))
  : [];
if (demoInvoices.length > 0) {
  await mkdir(env.DATA_DIR, { recursive: true });
  await writeFile(path.join(env.DATA_DIR, "demo-invoices.json"), `${JSON.stringify(demoInvoices, null, 2)}\n`, {
    mode: 0o600,
  });
}
const payable = demoInvoices.find((i) => i.status === "unpaid");

await host.app.listen({ port: env.PORT, host: env.HOST });
host.app.log.info(`Site ready at ${origin}`);
const payments = stripeConfigured(env)
  ? "Stripe"
  : "offline SANDBOX, test mode: Stripe's test cards are accepted and nothing is charged (set STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY for real payments)";
if (!stripeConfigured(env) && !env.API_URL) host.app.log.warn(`Payments: ${payments}`);
console.log(
  `\n  Site:     ${origin}\n  API:      ${origin}/api/v1/health\n  Payments: ${payments}${payable ? `\n  Invoice:  ${payable.url}` : ""}\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    host.app.log.info({ signal }, "shutting down");
    host.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
