import type { DisciplineId } from "@khayl/contract/disciplines";
import { eventForDisplay } from "@khayl/contract/event-fields";
import { type Event, eventEndpoints, transportEventsQuery } from "@khayl/contract/events";
import {
  homeFlightsQuery,
  isShownFlight,
  type SelectiveService,
  selectiveServiceEndpoints,
} from "@khayl/contract/selective-services";
import { oneLine } from "@khayl/contract/text";
import type { AppLoadContext } from "react-router";
import { isApiError } from "./api-error.ts";
import { parseTripId } from "./trips.ts";

/**
 * Loading one show or one flight for its own page and calendar file (product §2, show and flight pages), and the
 * lists of both for the sitemap and the feeds. Data comes through the contract client like
 * every page's (architecture §1.1); the API answers only items shown on the website.
 */

/** One item for a page: the item, or `null` with the status the page answers with. */
export type TripLoad<T> = { item: T; status: 200 } | { item: null; status: 404 | 503 };

async function loadOne<T>(
  context: AppLoadContext,
  what: string,
  segment: string | undefined,
  load: (id: number) => Promise<T>,
): Promise<TripLoad<T>> {
  const id = parseTripId(segment);
  if (id === undefined) return { item: null, status: 404 };
  try {
    return { item: await load(id), status: 200 };
  } catch (error) {
    if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 400)) return { item: null, status: 404 };
    context.log.warn({ err: error }, `${what} failed to load`);
    return { item: null, status: 503 };
  }
}

/**
 * /transport/{id}: the show (`GET /event-services/website/{id}`), or `null` with 404 for an
 * id that is not a number, an unknown show or one hidden from the website (`showOnWebsite`
 * false), 503 when the API fails. Its `eventName` is made one line (`oneLine`): the page puts it
 * in the document title, the share card, the WhatsApp message and the calendar entry, where a
 * bidirectional override in it (U+202E) would turn the rest of that text around. Its other texts
 * are as shown (`eventForDisplay`: a field of spaces is missing).
 */
export async function loadShow(context: AppLoadContext, segment: string | undefined): Promise<TripLoad<Event>> {
  const loaded = await loadOne(context, "show", segment, (id) =>
    context.api.call(eventEndpoints.getWebsite, { params: { id } }),
  );
  return loaded.item
    ? { item: { ...eventForDisplay(loaded.item), eventName: oneLine(loaded.item.eventName) }, status: 200 }
    : loaded;
}

/**
 * /flights/{id}: the flight (`GET /selective-services/website/{id}`), or `null` with 404 for
 * a bad id, an unknown or hidden flight, or one whose type is neither Import nor Export
 * (product §3 shows only those), 503 when the API fails.
 */
export async function loadFlight(
  context: AppLoadContext,
  segment: string | undefined,
): Promise<TripLoad<SelectiveService>> {
  const loaded = await loadOne(context, "flight", segment, (id) =>
    context.api.call(selectiveServiceEndpoints.getWebsite, { params: { id } }),
  );
  if (loaded.item && !isShownFlight(loaded.item)) return { item: null, status: 404 };
  return loaded;
}

/**
 * The shows of the website (product §7's /transport shape: limit 100, showOnWebsite true),
 * optionally of one discipline, in the API's order (upcoming soonest first, ended last); `null`
 * when the API fails (logged), so that a calendar feed can answer 503 instead of an empty
 * calendar (which a subscribed calendar would take as every show cancelled) while the sitemap
 * falls back to no shows.
 */
export async function loadWebsiteShows(context: AppLoadContext, disciplineId?: DisciplineId): Promise<Event[] | null> {
  try {
    const query = transportEventsQuery(disciplineId);
    return (await context.api.call(eventEndpoints.listWebsite, { query })).rows.map(eventForDisplay);
  } catch (error) {
    context.log.warn({ err: error }, "website shows failed to load");
    return null;
  }
}

/**
 * The Import and Export flights of the website (limit 100, showOnWebsite true: product §7's
 * home shape), optionally of one type, in the API's order (upcoming soonest first, ended last);
 * `null` when the API fails (logged), as `loadWebsiteShows`.
 */
export async function loadWebsiteFlights(
  context: AppLoadContext,
  type?: "import" | "export",
): Promise<SelectiveService[] | null> {
  try {
    const query = { ...homeFlightsQuery, ...(type ? { type } : {}) };
    const { rows } = await context.api.call(selectiveServiceEndpoints.listWebsite, { query });
    return rows.filter((row) => isShownFlight(row, type));
  } catch (error) {
    context.log.warn({ err: error }, "website flights failed to load");
    return null;
  }
}
