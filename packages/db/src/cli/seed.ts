import { loadEnvFile, parseEnvOrExit } from "@khayl/config/env";
import { createDb } from "../client.ts";
import { exitOnOpenProblem } from "../open-problems.ts";
import { saveDemoInvoiceLinks } from "../seed/demo-links.ts";
import { seedDemoData } from "../seed/index.ts";

/**
 * `npm run db:seed`: migrates, then loads demo data into empty tables, keeping the links of
 * the demo invoices it inserted in `DATA_DIR` (`saveDemoInvoiceLinks`).
 */
loadEnvFile();
const env = parseEnvOrExit(process.env, { server: false });
const handle = await exitOnOpenProblem(env, async () => {
  const opened = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await opened.migrate();
  return opened;
});
const { inserted, invoiceLinks } = await handle.exclusively(() => seedDemoData(handle.db));
await handle.close();
// Their tokens exist in clear only now: kept for the next `npm start` to print one.
if (invoiceLinks.length > 0) await saveDemoInvoiceLinks(env.DATA_DIR, invoiceLinks);
console.log(`seeded (${handle.kind}): ${JSON.stringify(inserted)}`);
