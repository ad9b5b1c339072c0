import { buildCalendar, calendarNotFound, calendarResponse, flightCalendarEvent } from "../lib/calendar.server.ts";
import { i18nFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { loadFlight } from "../lib/trips.server.ts";
import type { Route } from "./+types/flight-calendar[.]ics";

/**
 * `GET /flights/{id}/calendar.ics` (product §2 show and flight pages, resource route): the flight as one calendar
 * entry (`flightCalendarEvent`), downloaded as `flight-{id}.ics`. 404 for an unknown or
 * hidden flight, a type other than Import or Export, or one without a departure time.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { item, status } = await loadFlight(context, params.id);
  const i18n = await i18nFor(request, "trips");
  const calendarContext = { config: context.config, language: languageOfRequest(request), i18n };
  const entry = item ? flightCalendarEvent(item, calendarContext) : null;
  if (!item || !entry) {
    return calendarNotFound(i18n, status === 503 ? 503 : 404);
  }
  return calendarResponse(
    buildCalendar(entry.summary ?? "", [entry], calendarContext),
    `flight-${item.id}.ics`,
    "attachment",
  );
}
