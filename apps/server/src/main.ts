import { parseEnv, publicOrigin } from "@khayl/config/env";
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

const host = await buildHost({ env });
await host.app.listen({ port: env.PORT, host: env.HOST });
const origin = publicOrigin(env);
host.app.log.info(`Site ready at ${origin}`);
console.log(`\n  Site:  ${origin}\n  API:   ${origin}/api/v1/health\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    host.app.log.info({ signal }, "shutting down");
    host.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
