/**
 * product §7's list limits of the website's list pages, without runtime dependencies so that
 * a route's `handle` (which ships to the browser) can declare them (decision 025).
 */

/** /transport fetches at most this many events (`transportEventsQuery`). */
export const TRANSPORT_EVENTS_LIMIT = 100;

/** /flights fetches at most this many flights (`flightsPageQuery`). */
export const FLIGHTS_PAGE_LIMIT = 1000;
