import { buildCalendar, calendarNotFound, calendarResponse, showCalendarEvent } from "../lib/calendar.server.ts";
import { i18nFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { loadShow } from "../lib/trips.server.ts";
import type { Route } from "./+types/show-calendar[.]ics";

/**
 * `GET /transport/{id}/calendar.ics` (product §2 show and flight pages, resource route): the show as one calendar
 * entry (`showCalendarEvent`), downloaded as `show-{id}.ics`. 404 for an unknown or hidden
 * show or one without a start date; 503 when the API fails.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { item, status } = await loadShow(context, params.id);
  const i18n = await i18nFor(request, "trips");
  const calendarContext = { config: context.config, language: languageOfRequest(request), i18n };
  const entry = item ? showCalendarEvent(item, calendarContext) : null;
  if (!item || !entry) {
    return calendarNotFound(i18n, status === 503 ? 503 : 404);
  }
  return calendarResponse(buildCalendar(item.eventName, [entry], calendarContext), `show-${item.id}.ics`, "attachment");
}
