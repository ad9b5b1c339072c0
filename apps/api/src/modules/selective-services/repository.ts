import type { Db } from "@khayl/db/client";
import { selectiveServices } from "@khayl/db/schema";
import { and, asc, count, type SQL, sql } from "drizzle-orm";

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
