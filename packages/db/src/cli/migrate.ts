import { loadEnvFile, parseEnvOrExit } from "@khayl/config/env";
import { createDb } from "../client.ts";
import { exitOnOpenProblem } from "../open-problems.ts";

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite under DATA_DIR. */
loadEnvFile();
const env = parseEnvOrExit(process.env, { server: false });
const handle = await exitOnOpenProblem(env, async () => {
  const opened = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await opened.migrate();
  return opened;
});
await handle.close();
console.log(`migrated (${handle.kind})`);
