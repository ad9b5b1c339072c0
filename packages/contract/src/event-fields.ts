/**
 * Event display rules (product §3) with no runtime dependencies, so browser code can use
 * them without pulling zod into the page's JavaScript.
 */
import type { Event } from "./events.ts";

/** Venue code with product §3's fallbacks: `place.code`, then `Place.code`, then `location`. */
export function eventPlaceCode(event: Event): string | undefined {
  return event.place?.code ?? event.Place?.code ?? event.location ?? undefined;
}

/**
 * Category with product §3's fallbacks: `eventCategory`, then `category`, then `fallback`
 * — the site's catalogue passes its word for 'International' (product §3's default text).
 */
export function eventCategoryLabel(event: Event, fallback: string): string {
  return event.eventCategory || event.category || fallback;
}

/** `text` trimmed, or `null` when nothing is left (a field the provider filled with spaces). */
function filled(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** A venue reference with its texts `filled`; `null` when its code is blank. */
function filledPlace(place: Event["place"]): Event["place"] {
  const code = filled(place?.code);
  return code ? { code, name: filled(place?.name) } : null;
}

/**
 * `event` as the site shows it: its status, venue, location and category trimmed, and a field
 * holding only spaces taken as missing (product §3's fallbacks and '-' then apply), so no card
 * shows an empty badge or a venue of '( )' and no description reads 'at   ,'.
 */
export function eventForDisplay(event: Event): Event {
  return {
    ...event,
    eventStatus: filled(event.eventStatus),
    place: filledPlace(event.place),
    Place: filledPlace(event.Place),
    location: filled(event.location),
    eventCategory: filled(event.eventCategory),
    category: filled(event.category),
  };
}
