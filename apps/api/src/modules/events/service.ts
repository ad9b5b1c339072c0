import type { Event } from "@khayl/contract/events";
import type { Db } from "@khayl/db/client";
import type { events } from "@khayl/db/schema";
import { type EventFilter, findEvents } from "./repository.ts";

/** Database row → the provider's Event shape (product §3); instants as ISO-8601 UTC. */
export function toEvent(row: typeof events.$inferSelect): Event {
  return {
    id: row.id,
    eventName: row.eventName,
    eventStatus: row.eventStatus,
    place: row.placeCode ? { code: row.placeCode, name: row.placeName } : null,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    eventCategory: row.eventCategory,
    eventDiscipline: row.disciplineId,
  };
}

/** `GET /event-services/website`: default page of 20 (product §9 default slice for events). */
export async function listWebsiteEvents(db: Db, query: Partial<EventFilter>) {
  const { rows, count } = await findEvents(db, {
    limit: query.limit ?? 20,
    offset: query.offset ?? 0,
    showOnWebsite: query.showOnWebsite,
    disciplineIds: query.disciplineIds,
  });
  return { rows: rows.map(toEvent), count };
}
