import { type Event, eventNotFound } from "@khayl/contract/events";
import type { Db } from "@khayl/db/client";
import type { events } from "@khayl/db/schema";
import { HttpError } from "../../http/errors.ts";
import { isoInstant } from "../../http/instants.ts";
import { type Language, localizedTexts } from "../../http/language.ts";
import { type EventFilter, findEvents, findWebsiteEvent } from "./repository.ts";

/**
 * Database row → the provider's Event shape (product §3) in `language` (Arabic name, status,
 * category and venue name when the event has them, else English: decision 016); instants as
 * ISO-8601 UTC.
 */
function toEvent(row: typeof events.$inferSelect, language: Language): Event {
  const { eventName, eventStatus, eventCategory, placeName } = row;
  const localized = localizedTexts({ eventName, eventStatus, eventCategory, placeName }, row.translations, language);
  const texts = localized.texts;
  return {
    id: row.id,
    eventName: texts.eventName,
    eventStatus: texts.eventStatus,
    place: row.placeCode ? { code: row.placeCode, name: texts.placeName } : null,
    // A venue named without a code: product §3's last fallback for the venue, `location`.
    ...(row.placeCode || !texts.placeName ? {} : { location: texts.placeName }),
    startDate: isoInstant(row.startDate),
    endDate: isoInstant(row.endDate),
    eventCategory: texts.eventCategory,
    eventDiscipline: row.disciplineId,
    showOnWebsite: row.showOnWebsite,
    language: localized.language,
  };
}

/** `GET /event-services/website`: default page of 20 (product §9 default slice for events). */
export async function listWebsiteEvents(db: Db, query: Partial<EventFilter>, language: Language = "en") {
  const { rows, count } = await findEvents(db, {
    limit: query.limit ?? 20,
    offset: query.offset ?? 0,
    showOnWebsite: query.showOnWebsite,
    disciplineIds: query.disciplineIds,
  });
  return { rows: rows.map((row) => toEvent(row, language)), count };
}

/**
 * `GET /event-services/website/{id}`: the show for its own page, or `HttpError(404, 'Event
 * not found.')` when it does not exist or is not shown on the website (product §2, show and flight pages).
 */
export async function getWebsiteEvent(db: Db, id: number, language: Language = "en"): Promise<Event> {
  const row = await findWebsiteEvent(db, id);
  if (!row) throw new HttpError(404, eventNotFound);
  return toEvent(row, language);
}
