import type { Db } from "@khayl/db/client";
import { selectiveServices } from "@khayl/db/schema";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";

export interface SelectiveServiceFilter {
  limit: number;
  offset: number;
  showOnWebsite?: boolean;
  /** Lowercase type; matched case-insensitively. */
  type?: string;
}

/** Selective services matching the filter, soonest first, and the total count. */
export async function findSelectiveServices(db: Db, filter: SelectiveServiceFilter) {
  const conditions: SQL[] = [];
  if (filter.showOnWebsite !== undefined)
    conditions.push(sql`${selectiveServices.showOnWebsite} = ${filter.showOnWebsite}`);
  if (filter.type) conditions.push(sql`lower(${selectiveServices.type}) = ${filter.type}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(selectiveServices)
      .where(where)
      .orderBy(sql`${selectiveServices.startDate} asc nulls last`, asc(selectiveServices.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(selectiveServices).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The selective service `id` when it is shown on the website (`show_on_website`), else `undefined`. */
export async function findWebsiteSelectiveService(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(selectiveServices)
    .where(and(eq(selectiveServices.id, id), eq(selectiveServices.showOnWebsite, true)))
    .limit(1);
  return row;
}
