import { loadEnvFile, parseEnvOrExit } from "@khayl/config/env";
import { createDb } from "../client.ts";
import { exitOnOpenProblem } from "../open-problems.ts";
import { seedDemoData } from "../seed/index.ts";

/** `npm run db:seed`: migrates, then loads demo data into empty tables. */
loadEnvFile();
const env = parseEnvOrExit(process.env, { server: false });
const handle = await exitOnOpenProblem(env, async () => {
  const opened = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await opened.migrate();
  return opened;
});
const { inserted } = await handle.exclusively(() => seedDemoData(handle.db));
await handle.close();
console.log(`seeded (${handle.kind}): ${JSON.stringify(inserted)}`);
