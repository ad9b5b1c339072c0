import { fileURLToPath } from "node:url";
import { exposedDemoWarning, loadEnvFile, parseEnv, publicOrigin } from "@khayl/config/env";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { buildHost } from "./host.ts";

/**
 * `npm run dev`: the same host as production, with Vite in middleware mode in front
 * (hot reload of the web app; the server build is re-loaded from Vite per request).
 */
process.env.NODE_ENV = "development";
loadEnvFile();
const env = parseEnv({ ...process.env, NODE_ENV: "development" });
const vite = await createServer({
  root: fileURLToPath(new URL("../../web/", import.meta.url)),
  configFile: fileURLToPath(new URL("../../web/vite.config.ts", import.meta.url)),
  server: { middlewareMode: true },
  appType: "custom",
});
const host = await buildHost({
  env,
  dev: {
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    middlewares: (req, res, next) => vite.middlewares(req, res, next),
  },
});
const exposedDemo = exposedDemoWarning(env);
if (exposedDemo) host.app.log.warn(exposedDemo);
await host.app.listen({ port: env.PORT, host: env.HOST });
console.log(`\n  Dev server: ${publicOrigin(env)}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), host.close()]).finally(() => process.exit(0));
  });
}
