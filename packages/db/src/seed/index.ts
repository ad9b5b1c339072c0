import type { Db } from "../client.ts";
import { seedAccounts } from "./accounts.ts";
import { backfillContentTranslations, seedContent } from "./content.ts";
import { type DemoInvoiceLink, seedInvoices } from "./invoices.ts";
import { backfillScheduleTranslations, seedSchedules } from "./schedules.ts";

/** What one run of the demo seed inserted. */
export interface SeedResult {
  /** Rows inserted per domain (zeros when the tables were filled already). */
  inserted: {
    schedules: { events: number; flights: number };
    accounts: number;
    content: { blogs: number; legal: number; releaseNotes: number; releaseLogs: number };
    invoices: number;
    /** Demo rows of an older database given their Arabic versions. */
    translations: number;
  };
  /** Link data of the demo invoices this run inserted: the only invoice links ever printed. */
  invoiceLinks: DemoInvoiceLink[];
}

/**
 * Loads the demo data (architecture §2) into tables that are still empty, so it is safe to
 * run on every start. Several instances starting together must run it under the start-up
 * lock (`DbHandle.exclusively`): each table is checked, then filled, by one of them.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<SeedResult> {
  const schedules = await seedSchedules(db, now);
  const accounts = await seedAccounts(db);
  const content = await seedContent(db, now);
  const invoiceLinks = await seedInvoices(db, now);
  const translations = (await backfillScheduleTranslations(db)) + (await backfillContentTranslations(db));
  return { inserted: { schedules, accounts, content, invoices: invoiceLinks.length, translations }, invoiceLinks };
}
