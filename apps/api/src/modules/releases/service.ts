import type { ReleaseLog, ReleaseNote } from "@khayl/contract/releases";
import type { Db } from "@khayl/db/client";
import { type Language, localizedTexts } from "../../http/language.ts";
import { findReleaseLogs, findReleaseNotes } from "./repository.ts";

/** product §9: releases and release logs are sliced 10 at a time by default. */
const DEFAULT_LIMIT = 10;

/** `GET /release-logs/`: release notes (id, date, tag, title, content), newest first. */
export async function listReleaseNotes(
  db: Db,
  query: { limit?: number; offset?: number },
  language: Language = "en",
): Promise<{ rows: ReleaseNote[]; count: number }> {
  const { rows, count } = await findReleaseNotes(db, {
    limit: query.limit ?? DEFAULT_LIMIT,
    offset: query.offset ?? 0,
  });
  return {
    rows: rows.map((row) => {
      const { tag, title, content } = row;
      const localized = localizedTexts({ tag, title, content }, row.translations, language);
      return { id: row.id, date: row.date.toISOString(), ...localized.texts, language: localized.language };
    }),
    count,
  };
}

/** `GET /release-logs/getWebsiteRelease`: app release logs (version as `title`, `Image` URL), newest first. */
export async function listReleaseLogs(
  db: Db,
  query: { limit?: number; offset?: number },
  language: Language = "en",
): Promise<{ rows: ReleaseLog[]; count: number }> {
  const { rows, count } = await findReleaseLogs(db, { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 });
  return {
    rows: rows.map((row) => {
      const localized = localizedTexts({ content: row.content }, row.translations, language);
      return {
        id: row.id,
        title: row.title,
        date: row.date.toISOString(),
        content: localized.texts.content,
        Image: row.image,
        language: localized.language,
      };
    }),
    count,
  };
}
