import type { Db } from "@khayl/db/client";
import { selectiveServices } from "@khayl/db/schema";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { scheduleOrder } from "../../schedule-order.ts";

export interface SelectiveServiceFilter {
  limit: number;
  offset: number;
  showOnWebsite?: boolean;
  /** Lowercase type; matched case-insensitively. */
  type?: string;
}

/**
 * Selective services matching the filter in schedule order (`scheduleOrder`: upcoming soonest
 * first, then undated, then those ended before `now`'s Asia/Dubai day, most recent first), and
 * the total count (ended ones included).
 */
export async function findSelectiveServices(db: Db, filter: SelectiveServiceFilter, now: Date = new Date()) {
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
      .orderBy(
        ...scheduleOrder(
          { start: selectiveServices.startDate, end: selectiveServices.endDate, id: selectiveServices.id },
          now,
        ),
      )
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
