import { type LegalDocument, legalNotFound, type TermsCategory } from "@khayl/contract/legal";
import type { Db } from "@khayl/db/client";
import { HttpError } from "../../http/errors.ts";
import { findLegalDocument } from "./repository.ts";

/**
 * `GET /privacy/selected/{category}` (product §7): the document with `title.en` and
 * `content.en` (plus `ar` when written); `HttpError(404)` when the category has none.
 */
export async function getLegalDocument(db: Db, category: TermsCategory): Promise<LegalDocument> {
  const row = await findLegalDocument(db, category);
  if (!row || typeof row.title.en !== "string" || typeof row.content.en !== "string") {
    throw new HttpError(404, legalNotFound);
  }
  return {
    id: row.id,
    category,
    title: { en: row.title.en, ar: row.title.ar ?? null },
    content: { en: row.content.en, ar: row.content.ar ?? null },
    updatedAt: row.updatedAt.toISOString(),
  };
}
