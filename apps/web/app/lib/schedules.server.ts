import type { DisciplineId } from "@khayl/contract/disciplines";
import { eventForDisplay } from "@khayl/contract/event-fields";
import { type Event, eventEndpoints, homeEventsQuery, transportEventsQuery } from "@khayl/contract/events";
import {
  type FlightTypeSlug,
  flightsPageQuery,
  homeFlightsQuery,
  isShownFlight,
  type SelectiveService,
  selectiveServiceEndpoints,
} from "@khayl/contract/selective-services";
import type { AppLoadContext } from "react-router";
import { orUnavailable } from "./unavailable.server.ts";

/**
 * Schedule loading for the pages (product §7 query shapes). A failed load is logged and
 * the page answers 503 'Temporarily unavailable' (product §4, `orUnavailable`).
 */

/** Home: events with limit 100, offset 0 and no website filter, as shown (`eventForDisplay`). */
export async function loadHomeEvents(context: AppLoadContext): Promise<{ rows: Event[]; count: number }> {
  const { rows, count } = await orUnavailable(context, "home events", () =>
    context.api.call(eventEndpoints.listWebsite, { query: homeEventsQuery }),
  );
  return { rows: rows.map(eventForDisplay), count };
}

/** /transport: limit 100, offset 0, showOnWebsite true, and the chosen discipline, as shown (`eventForDisplay`). */
export async function loadTransportEvents(
  context: AppLoadContext,
  disciplineId: DisciplineId | undefined,
): Promise<{ rows: Event[]; count: number }> {
  const { rows, count } = await orUnavailable(context, "transport events", () =>
    context.api.call(eventEndpoints.listWebsite, { query: transportEventsQuery(disciplineId) }),
  );
  return { rows: rows.map(eventForDisplay), count };
}

/** Home: flights with limit 100, offset 0, showOnWebsite true; only Import and Export shown. */
export async function loadHomeFlights(context: AppLoadContext): Promise<SelectiveService[]> {
  const { rows } = await orUnavailable(context, "home flights", () =>
    context.api.call(selectiveServiceEndpoints.listWebsite, { query: homeFlightsQuery }),
  );
  return rows.filter((row) => isShownFlight(row));
}

/** /flights: limit 1000, offset 0, lowercase type when chosen; filtered by type on the client side too. */
export async function loadFlightsPage(
  context: AppLoadContext,
  type: FlightTypeSlug | undefined,
): Promise<SelectiveService[]> {
  const { rows } = await orUnavailable(context, "flights", () =>
    context.api.call(selectiveServiceEndpoints.listWebsite, { query: flightsPageQuery(type) }),
  );
  return rows.filter((row) => isShownFlight(row, type));
}
