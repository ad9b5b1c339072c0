import { startOfDubaiDay } from "@khayl/contract/dubai-days";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * The order of the schedules (events and flights, product §7 "Details the spec leaves open"),
 * as `orderBy` terms: first the upcoming entries, soonest start first; then the undated ones
 * (no start: still to be announced); then the ended ones, the most recently ended first;
 * `id` last, so that pages never overlap. An entry has ended when its last Asia/Dubai day (the
 * day of its end, or of its start when it has no end or an end before the start) is before
 * `now`'s Dubai day: a show or flight stays upcoming through its last day. Every entry stays
 * in the list (and its `count`): only its place changes.
 */
export function scheduleOrder(columns: { start: AnyColumn; end: AnyColumn; id: AnyColumn }, now: Date): SQL[] {
  const { start, end, id } = columns;
  const today = sql`${startOfDubaiDay(now).toISOString()}::timestamptz`;
  // The entry's last instant (`greatest` passes over a null end); null when it has no start.
  const last = sql`case when ${start} is null then null else greatest(${start}, ${end}) end`;
  return [
    sql`case when ${start} is null then 1 when ${last} < ${today} then 2 else 0 end`,
    sql`case when ${last} >= ${today} then ${start} end asc`,
    sql`case when ${last} < ${today} then ${last} end desc`,
    sql`${id} asc`,
  ];
}
