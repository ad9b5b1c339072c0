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
