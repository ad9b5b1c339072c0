import { disciplineBySlug } from "@khayl/contract/disciplines";
import {
  buildCalendar,
  calendarNotFound,
  calendarResponse,
  showCalendarEvent,
  showsFeedName,
} from "../lib/calendar.server.ts";
import { i18nFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { loadWebsiteShows } from "../lib/trips.server.ts";
import type { Route } from "./+types/calendar-shows[.]ics";

/**
 * `GET /calendar/shows.ics` (product §2 show and flight pages, resource route): a feed of the shows on the website,
 * one entry per show (`showCalendarEvent`, the same UIDs as the single files), optionally of
 * one discipline (`?discipline=dressage`, case-insensitive, as /transport; unknown means all;
 * the feed's name names it). Read from the
 * API on every request, so a subscribed calendar sees new and changed shows at its next
 * refresh; publicly cacheable for 5 minutes. 503 (`no-store`) when the API fails.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const discipline = disciplineBySlug(new URL(request.url).searchParams.get("discipline"));
  const [shows, i18n] = await Promise.all([loadWebsiteShows(context, discipline?.id), i18nFor(request, "trips")]);
  // An empty feed would make subscribed calendars delete every entry: say "try later" instead.
  if (shows === null) return calendarNotFound(i18n, 503);
  const calendarContext = { config: context.config, language: languageOfRequest(request), i18n };
  const calendar = buildCalendar(
    showsFeedName(calendarContext, discipline?.id),
    shows.map((show) => showCalendarEvent(show, calendarContext)),
    calendarContext,
  );
  return calendarResponse(calendar, "shows.ics", "inline");
}
