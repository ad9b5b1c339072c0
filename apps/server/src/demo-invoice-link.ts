import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { API_PREFIX } from "@khayl/api/app";
import { deploymentKind, type Env } from "@khayl/config/env";
import { invoiceEndpoints } from "@khayl/contract/invoices";
import { DEMO_INVOICES_FILE, saveDemoInvoiceLinks } from "@khayl/db/seed/demo-links";
import type { DemoInvoiceLink } from "@khayl/db/seed/invoices";
import type { Host } from "./host.ts";

/**
 * The payable demo invoice link to print, if any, on this start's `origin` (`npm start` and
 * `npm run dev` alike: they share DATA_DIR). Only the process
 * that seeded the demo invoices learns their links (it writes them to
 * `DATA_DIR/demo-invoices.json`, readable by its owner only); a later start of the local
 * demo prints the first of that file's invoices that its own API still answers as unpaid
 * (one paid in an earlier run is not payable), on its own origin (a later `PORT` is not the
 * seeding run's). A public deployment prints links only from the process that seeded them,
 * and never a real invoice's: they are not in that file. Throws when the file cannot be
 * written, or read and parsed.
 */
export async function payableDemoInvoice(host: Host, env: Env, origin: string): Promise<string | null> {
  const file = path.join(env.DATA_DIR, DEMO_INVOICES_FILE);
  const seededNow = host.seeded?.invoiceLinks ?? [];
  const linkOf = (hash: string) => `${origin}/invoice/${hash}`;
  if (seededNow.length > 0) {
    await saveDemoInvoiceLinks(env.DATA_DIR, seededNow, linkOf);
    const unpaid = seededNow.find((i) => i.status === "unpaid");
    return unpaid ? linkOf(unpaid.hash) : null;
  }
  if (deploymentKind(env) !== "demo" || !existsSync(file)) return null;
  const kept = JSON.parse(await readFile(file, "utf8")) as DemoInvoiceLink[];
  for (const { hash, status } of kept) if (status === "unpaid" && (await isUnpaid(host, hash))) return linkOf(hash);
  return null;
}

/**
 * Whether this process's own API answers the invoice of link `hash` as unpaid (an in-process
 * call marked `Host.ownRead`, at start-up only); false for a link it does not know, or any
 * answer but a 200 (a 429 included: nothing is printed rather than a link not checked).
 */
async function isUnpaid(host: Host, hash: string): Promise<boolean> {
  const answer = await host.app.inject({
    method: invoiceEndpoints.getByLink.method,
    url: `${API_PREFIX}${invoiceEndpoints.getByLink.path}`,
    headers: host.ownRead,
    payload: { hash },
  });
  return answer.statusCode === 200 && answer.json<{ data?: { status?: string } }>().data?.status === "unpaid";
}
