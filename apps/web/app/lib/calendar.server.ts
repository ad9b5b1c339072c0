import type { PublicConfig } from "@khayl/config/env";
import { disciplineNames } from "@khayl/contract/discipline-names";
import type { DisciplineId } from "@khayl/contract/disciplines";
import { dubaiDay, isDateOnly } from "@khayl/contract/dubai-days";
import { eventPlaceCode } from "@khayl/contract/event-fields";
import type { Event } from "@khayl/contract/events";
import type { FlightTypeSlug } from "@khayl/contract/flight-types";
import type { SelectiveService } from "@khayl/contract/selective-services";
import { oneLine } from "@khayl/contract/text";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import ical, { type ICalCalendar, type ICalEventData } from "ical-generator";
import { companyNameIn } from "./config.ts";
import { flightTitle } from "./flight-title.ts";
import type { Language } from "./i18n/language.ts";
import { localizedPath } from "./i18n/language.ts";
import { flightPath, showPath } from "./trips.ts";

/**
 * Calendar files of shows and flights (product §2 show and flight pages, RFC 5545 through `ical-generator`): one
 * entry per show or flight, whether in the single `.ics` of its page or in a feed. Times are
 * written in UTC (`…Z`), which every calendar converts to its reader's zone; a show whose
 * start (and end, if any) fall at midnight in Asia/Dubai is date-only and becomes an all-day
 * entry on its Dubai calendar days (architecture §3.5).
 */

/** What an entry needs besides the item: the site's public settings and the page's language. */
export interface CalendarContext {
  config: Pick<PublicConfig, "publicUrl" | "companyName" | "companyNameAr">;
  language: Language;
  i18n: I18n;
}

/** The host of the public URL, which makes UIDs unique across sites (`event-12@example.ae`). */
function uidHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/**
 * A date-only value for `ical-generator`: the UTC midnight of `instant`'s Asia/Dubai day plus
 * `addDays` (the library writes all-day dates with UTC getters).
 */
function allDayDate(instant: Date, addDays = 0): Date {
  const { year, month, day } = dubaiDay(instant);
  return new Date(Date.UTC(year, month - 1, day + addDays));
}

/**
 * A calendar's name as its NAME and X-WR-CALNAME lines carry it: `oneLine`, then `\`,
 * `;` and `,` escaped. `ical-generator` writes the name as given, so a show's name with a
 * line break in it would have added properties, even whole entries, of its own to the file.
 */
function calendarName(text: string): string {
  return oneLine(text).replace(/[\\;,]/g, (character) => `\\${character}`);
}

function absolute(context: CalendarContext, path: string): string {
  return `${context.config.publicUrl}${localizedPath(path, context.language)}`;
}

/**
 * The calendar entry of a show, or `null` when it has no start date (nothing to put in a
 * calendar). UID `event-<id>@<host>` stays the same across downloads and feeds, so a
 * calendar updates the entry instead of adding a second one. SUMMARY is the show's name,
 * LOCATION its venue name and code, URL its page in the context's language. A date-only
 * show spans its Dubai days, the end day included (DTEND is the next day, as RFC 5545 wants).
 * An end before the start counts as unknown (`endAfter`).
 */
export function showCalendarEvent(show: Event, context: CalendarContext): ICalEventData | null {
  if (!show.startDate) return null;
  const start = new Date(show.startDate);
  const end = endAfter(start, show.endDate);
  const code = eventPlaceCode(show);
  const venue = show.place?.name ? `${show.place.name}${code ? ` (${code})` : ""}` : (code ?? null);
  const url = absolute(context, showPath(show.id));
  const common: ICalEventData = {
    id: `event-${show.id}@${uidHost(context.config.publicUrl)}`,
    start,
    summary: oneLine(show.eventName),
    location: venue === null ? null : oneLine(venue),
    url,
    description: oneLine(context.i18n._(msg`Book road transport for your horses to this show in the app: ${url}`)),
  };
  if (isDateOnly(start, end)) {
    return { ...common, allDay: true, start: allDayDate(start), end: allDayDate(end ?? start, 1) };
  }
  return { ...common, end: end ?? new Date(start.getTime() + 3_600_000) };
}

/**
 * An entry's end from the provider's `value`, or `null` when there is none or it lies before
 * `start`: calendar software would otherwise swap the two (ical-generator does), and a show
 * from the 12th "to" the 10th would become one on the 11th, neither of its days.
 */
export function endAfter(start: Date, value: string | null | undefined): Date | null {
  if (!value) return null;
  const end = new Date(value);
  return end.getTime() >= start.getTime() ? end : null;
}

/**
 * The calendar entry of a flight, or `null` when it has no departure time. UID
 * `flight-<id>@<host>`; SUMMARY the flight's title (`flightTitle`: 'Import flight LGG to DWC')
 * in the context's language (with the flight code when it has one); LOCATION the departure
 * airport and country, joined by the language's comma; DTSTART and DTEND the departure and
 * arrival instants in UTC (an hour when the arrival is unknown, or before the departure:
 * `endAfter`).
 */
export function flightCalendarEvent(flight: SelectiveService, context: CalendarContext): ICalEventData | null {
  if (!flight.startDate) return null;
  const start = new Date(flight.startDate);
  const from = flight.departureAirport?.code ?? "-";
  const title = flightTitle(context.i18n, flight);
  const airport = flight.departureAirport?.name
    ? `${flight.departureAirport.name} (${from})`
    : flight.departureAirport?.code;
  const country = flight.fromCountry;
  const location =
    airport && country
      ? context.i18n._(
          msg({
            message: `${airport}, ${country}`,
            comment: "A calendar entry's place: the departure airport, then its country (Arabic: the Arabic comma)",
          }),
        )
      : airport || country || null;
  const url = absolute(context, flightPath(flight.id));
  return {
    id: `flight-${flight.id}@${uidHost(context.config.publicUrl)}`,
    start,
    end: endAfter(start, flight.endDate) ?? new Date(start.getTime() + 3_600_000),
    summary: oneLine(flight.selectiveCode ? `${title} (${flight.selectiveCode})` : title),
    location: location === null ? null : oneLine(location),
    url,
    description: oneLine(context.i18n._(msg`Book the shipping of your horses on this flight in the app: ${url}`)),
  };
}

/** A calendar named `name` (`calendarName`) holding `events` (entries that are `null` are left out). */
export function buildCalendar(name: string, events: (ICalEventData | null)[], context: CalendarContext): ICalCalendar {
  return ical({
    name: calendarName(name),
    prodId: { company: context.config.companyName, product: "website", language: context.language.toUpperCase() },
    url: context.config.publicUrl,
    ttl: 3600,
    events: events.filter((event): event is ICalEventData => event !== null),
  });
}

/**
 * The HTTP answer of a calendar: `text/calendar; charset=utf-8`, each line ended by CRLF
 * (RFC 5545), publicly cacheable for
 * 5 minutes (a feed reflects a new or changed show within that; the page cache keeps only
 * HTML, decision 017). `filename` makes a single entry a download (`attachment`); feeds are
 * served `inline` so calendar apps can subscribe.
 */
export function calendarResponse(
  calendar: ICalCalendar,
  filename: string,
  disposition: "attachment" | "inline",
): Response {
  // RFC 5545 §3.4: every line ends with CRLF, the last too (ical-generator leaves it off).
  const text = calendar.toString();
  return new Response(text.endsWith("\r\n") ? text : `${text}\r\n`, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `${disposition}; filename="${filename}"`,
      "cache-control": "public, max-age=300",
    },
  });
}

/** The answer for a calendar file that does not exist (404) or cannot be read now (503), as plain text. */
export function calendarNotFound(i18n: I18n, status: 404 | 503): Response {
  const text =
    status === 404
      ? i18n._(msg`This show or flight is not on the schedule.`)
      : i18n._(msg`The schedule cannot be read right now. Please try again later.`);
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The name of the shows feed in the context's language, e.g. 'Khayl: horse shows', or of one
 * discipline's feed ('Khayl: Dressage shows'), so that two subscribed feeds read apart.
 */
export function showsFeedName(context: CalendarContext, disciplineId?: DisciplineId): string {
  const company = companyNameIn(context.config, context.language);
  if (disciplineId === undefined) return context.i18n._(msg`${company}: horse shows`);
  const discipline = context.i18n._(disciplineNames[disciplineId]);
  return context.i18n._(msg`${company}: ${discipline} shows`);
}

/**
 * The name of the flights feed in the context's language, e.g. 'Khayl: horse flights', or of
 * one type's feed ('Khayl: import flights').
 */
export function flightsFeedName(context: CalendarContext, type?: FlightTypeSlug): string {
  const company = companyNameIn(context.config, context.language);
  if (type === "import") return context.i18n._(msg`${company}: import flights`);
  if (type === "export") return context.i18n._(msg`${company}: export flights`);
  return context.i18n._(msg`${company}: horse flights`);
}
