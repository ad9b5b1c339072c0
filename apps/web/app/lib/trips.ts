import { type DisciplineId, disciplines } from "@khayl/contract/disciplines";

/**
 * The addresses of a show's and a flight's own pages and calendar files (product §2, show and flight pages), as site
 * paths without a language prefix (`Link` and `localizedPath` add `/ar`). Shared by the
 * cards' modal, the pages, the sitemap and the feeds, so one path is spelled once.
 */

/** A show's page: `/transport/{id}`. */
export function showPath(id: number): string {
  return `/transport/${id}`;
}

/** A flight's page: `/flights/{id}`. */
export function flightPath(id: number): string {
  return `/flights/${id}`;
}

/** A show's calendar file: `/transport/{id}/calendar.ics`. */
export function showCalendarPath(id: number): string {
  return `${showPath(id)}/calendar.ics`;
}

/** A flight's calendar file: `/flights/{id}/calendar.ics`. */
export function flightCalendarPath(id: number): string {
  return `${flightPath(id)}/calendar.ics`;
}

/**
 * The /transport list filtered to a show's discipline (`/transport?discipline=dressage`),
 * or the whole list when the discipline is unknown (product §2 chips).
 */
export function transportListPath(disciplineId: number | null | undefined): string {
  const discipline = disciplines.find((d) => d.id === disciplineId);
  return discipline ? `/transport?discipline=${discipline.slug}` : "/transport";
}

/** The /flights list filtered to a flight's type (`/flights?type=import`), or the whole list. */
export function flightsListPath(type: string | null | undefined): string {
  const slug = type?.toLowerCase();
  return slug === "import" || slug === "export" ? `/flights?type=${slug}` : "/flights";
}

/** The discipline id of a show when it is one of product §3's, else `undefined`. */
export function knownDisciplineId(id: number | null | undefined): DisciplineId | undefined {
  return disciplines.find((d) => d.id === id)?.id;
}

/** Ids the API can hold: digits only, no leading zero, within the 32-bit serial range. */
const ID = /^[1-9][0-9]{0,9}$/;

/** The numeric id of a path segment, or `undefined` when it cannot be an id (the page answers 404). */
export function parseTripId(segment: string | undefined): number | undefined {
  if (!segment || !ID.test(segment)) return undefined;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : undefined;
}
