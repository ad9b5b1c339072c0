import type { Db } from "@khayl/db/client";
import { releaseLogs, releaseNotes } from "@khayl/db/schema";
import { count, desc } from "drizzle-orm";

export interface Page {
  limit: number;
  offset: number;
}

/** Release notes, newest first (ties by id), one page, and the total count. */
export async function findReleaseNotes(db: Db, page: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(releaseNotes)
      .orderBy(desc(releaseNotes.date), desc(releaseNotes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(releaseNotes),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** App release logs, newest first (ties by id), one page, and the total count. */
export async function findReleaseLogs(db: Db, page: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(releaseLogs)
      .orderBy(desc(releaseLogs.date), desc(releaseLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(releaseLogs),
  ]);
  return { rows, count: total?.n ?? 0 };
}
