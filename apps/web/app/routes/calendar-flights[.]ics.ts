import { flightTypeBySlug } from "@khayl/contract/flight-types";
import {
  buildCalendar,
  calendarNotFound,
  calendarResponse,
  flightCalendarEvent,
  flightsFeedName,
} from "../lib/calendar.server.ts";
import { i18nFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { loadWebsiteFlights } from "../lib/trips.server.ts";
import type { Route } from "./+types/calendar-flights[.]ics";

/**
 * `GET /calendar/flights.ics` (product §2 show and flight pages, resource route): a feed of the Import and Export
 * flights on the website (`flightCalendarEvent`), optionally of one type (`?type=import` or
 * `export`, case-insensitive, as /flights; anything else means both; the feed's name names it). Read from the API on
 * every request; publicly cacheable for 5 minutes. 503 (`no-store`) when the API fails.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const type = flightTypeBySlug(new URL(request.url).searchParams.get("type"));
  const [flights, i18n] = await Promise.all([loadWebsiteFlights(context, type), i18nFor(request, "trips")]);
  // An empty feed would make subscribed calendars delete every entry: say "try later" instead.
  if (flights === null) return calendarNotFound(i18n, 503);
  const calendarContext = { config: context.config, language: languageOfRequest(request), i18n };
  const calendar = buildCalendar(
    flightsFeedName(calendarContext, type),
    flights.map((flight) => flightCalendarEvent(flight, calendarContext)),
    calendarContext,
  );
  return calendarResponse(calendar, "flights.ics", "inline");
}
