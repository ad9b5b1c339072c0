import { loadEnvFile, parseEnv } from "@khayl/config/env";
import { createDb } from "../client.ts";

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite under DATA_DIR. */
loadEnvFile();
const env = parseEnv(process.env, { server: false });
const handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await handle.migrate();
await handle.close();
console.log(`migrated (${handle.kind})`);
