import { fileURLToPath } from "node:url";
import { createLogger } from "@khayl/api/http/log";
import { exposedDemoWarning, loadEnvFile, parseEnvOrExit, publicOrigin } from "@khayl/config/env";
import { databaseOpenProblem } from "@khayl/db/open-problems";
import type { ServerBuild } from "react-router";
import { payableDemoInvoice } from "./demo-invoice-link.ts";
import { onShutdownSignals } from "./shutdown-signals.ts";
import { checkListenable, exitOnStartError, listenProblem } from "./startup-problems.ts";

/**
 * `npm run dev`: the same host as production, with Vite in middleware mode in front
 * (hot reload of the web app; the server build is re-loaded from Vite per request). Runs
 * from the repository's root as `npm start` does, whatever folder npm started it in: the
 * root's `.env`, and a relative DATA_DIR (default `./data`) under the root. A refused
 * configuration or a setup mistake is one line, as with `npm start`. Vite and the host
 * are imported once the configuration is accepted, so a refusal comes at once.
 */
process.chdir(fileURLToPath(new URL("../../../", import.meta.url)));
process.env.NODE_ENV = "development";
loadEnvFile();
const configured = parseEnvOrExit({ ...process.env, NODE_ENV: "development" });
const log = createLogger(configured.LOG_LEVEL);
// PORT 0 becomes the free port the system chose, before the host builds links from it.
let port = configured.PORT;
try {
  port = await checkListenable(configured);
} catch (error) {
  exitOnStartError(error, listenProblem(error, configured), log);
}
const env = { ...configured, PORT: port };
const [{ createServer }, { buildHost }] = await Promise.all([import("vite"), import("./host.ts")]);
const vite = await createServer({
  root: fileURLToPath(new URL("../../web/", import.meta.url)),
  configFile: fileURLToPath(new URL("../../web/vite.config.ts", import.meta.url)),
  server: { middlewareMode: true },
  appType: "custom",
});
let host: Awaited<ReturnType<typeof buildHost>>;
try {
  host = await buildHost({
    env,
    seed: env.DEMO_DATA,
    logger: log,
    dev: {
      loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      middlewares: (req, res, next) => vite.middlewares(req, res, next),
    },
  });
} catch (error) {
  await vite.close();
  exitOnStartError(error, databaseOpenProblem(error, env), log);
}
const exposedDemo = exposedDemoWarning(env);
if (exposedDemo) host.app.log.warn(exposedDemo);
try {
  await host.app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  exitOnStartError(error, listenProblem(error, env), log);
}
// As `npm start` does: the seeding run saves the demo invoice links to DATA_DIR (the two
// share it), and a payable one is printed.
let invoice: string | null = null;
try {
  invoice = await payableDemoInvoice(host, env, publicOrigin(env));
} catch (error) {
  log.warn({ err: error }, "the demo invoice link could not be read or saved (DATA_DIR/demo-invoices.json)");
}
console.log(`\n  Dev server: ${publicOrigin(env)}${invoice ? `\n  Invoice:    ${invoice}` : ""}\n`);
// Ctrl-C sends SIGINT twice (the terminal's and npm's): the repeat is ignored, a later one ends it at once.
onShutdownSignals(
  () => void Promise.all([vite.close(), host.close()]).finally(() => process.exit(0)),
  () => process.exit(1),
);
