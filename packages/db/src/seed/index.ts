import type { Db } from "../client.ts";
import { seedAccounts } from "./accounts.ts";
import { seedContent } from "./content.ts";
import { seedInvoices } from "./invoices.ts";
import { seedSchedules } from "./schedules.ts";

/**
 * Loads the demo data (architecture §2) into tables that are still empty, so it is safe to
 * run on every start. Answers a summary of what each domain inserted.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<Record<string, unknown>> {
  const summary: Record<string, unknown> = {};
  summary.schedules = await seedSchedules(db, now);
  summary.accounts = await seedAccounts(db);
  summary.content = await seedContent(db, now);
  summary.invoices = await seedInvoices(db, now);
  return summary;
}
