/**
 * Flight types and the website's type filter (product §3), with no runtime dependencies
 * so browser code can use them without pulling zod into the page's JavaScript.
 */
/** Flight types of selective services; only these two are shown (product §3). */
const flightTypes = ["Import", "Export"] as const;
type FlightType = (typeof flightTypes)[number];

/** The lowercase form used in query strings (`?type=import`). */
export type FlightTypeSlug = Lowercase<FlightType>;
export const flightTypeSlugs: readonly FlightTypeSlug[] = ["import", "export"];

/** The slug for a chip, or `undefined` for "All" or anything unknown. */
export function flightTypeBySlug(slug: string | null | undefined): FlightTypeSlug | undefined {
  const lower = slug?.toLowerCase();
  return flightTypeSlugs.find((s) => s === lower);
}

/**
 * True for the flights the website shows: type Import or Export, optionally one of them.
 * `service` is any selective service (`SelectiveService` of ./selective-services.ts, which
 * imports this module: only its `type` is named here, so the two do not import each other).
 */
export function isShownFlight(service: { type: string }, only?: FlightTypeSlug): boolean {
  const type = service.type.toLowerCase();
  return only ? type === only : (flightTypeSlugs as readonly string[]).includes(type);
}
