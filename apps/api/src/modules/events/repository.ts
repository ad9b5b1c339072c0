import type { Db } from "@khayl/db/client";
import { events } from "@khayl/db/schema";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { scheduleOrder } from "../../schedule-order.ts";

export interface EventFilter {
  limit: number;
  offset: number;
  showOnWebsite?: boolean;
  disciplineIds?: number[];
}

/**
 * Events matching the filter in schedule order (`scheduleOrder`: upcoming soonest first, then
 * undated, then those ended before `now`'s Asia/Dubai day, most recent first), and the total
 * count (ended ones included).
 */
export async function findEvents(db: Db, filter: EventFilter, now: Date = new Date()) {
  const conditions: SQL[] = [];
  if (filter.showOnWebsite !== undefined) conditions.push(sql`${events.showOnWebsite} = ${filter.showOnWebsite}`);
  if (filter.disciplineIds?.length) conditions.push(inArray(events.disciplineId, filter.disciplineIds));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(...scheduleOrder({ start: events.startDate, end: events.endDate, id: events.id }, now))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The event `id` when it is shown on the website (`show_on_website`), else `undefined`. */
export async function findWebsiteEvent(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.showOnWebsite, true)))
    .limit(1);
  return row;
}
