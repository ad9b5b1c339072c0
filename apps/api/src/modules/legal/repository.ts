import type { Db } from "@khayl/db/client";
import { legalDocuments } from "@khayl/db/schema";
import { eq } from "drizzle-orm";

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

/** The document of a category (terms or privacy), or undefined. */
export async function findLegalDocument(db: Db, category: string): Promise<LegalDocumentRow | undefined> {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.category, category)).limit(1);
  return row;
}
