import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DemoInvoiceLink } from "./invoices.ts";

/** The file, in `DATA_DIR`, that keeps the demo invoices' links. */
export const DEMO_INVOICES_FILE = "demo-invoices.json";

/**
 * Keeps the links of the demo invoices a seeding run inserted in `DATA_DIR/demo-invoices.json`
 * (mode 0600): the database holds each link token's SHA-256 only, so this file is the one
 * place a later `npm start` finds a payable demo invoice to print (architecture §2). Written
 * by whichever seeds the demo, `npm start` or `npm run db:seed`; `urlOf` adds each link's
 * address on the seeding process's origin, when it has one (the reader uses its own origin).
 */
export async function saveDemoInvoiceLinks(
  dataDir: string,
  links: readonly DemoInvoiceLink[],
  urlOf?: (hash: string) => string,
): Promise<void> {
  const entries = links.map((link) => (urlOf ? { ...link, url: urlOf(link.hash) } : link));
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, DEMO_INVOICES_FILE), `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
}
