import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { listDataSchema } from "./envelope.ts";
import { codeRefSchema, isoDateTimeSchema, limitSchema, offsetSchema, queryBooleanSchema } from "./fields.ts";

/** Flight types of selective services; only these two are shown (SPEC §3). */
export const flightTypes = ["Import", "Export"] as const;
export type FlightType = (typeof flightTypes)[number];

/** The lowercase form used in query strings (`?type=import`). */
export type FlightTypeSlug = Lowercase<FlightType>;
export const flightTypeSlugs: readonly FlightTypeSlug[] = ["import", "export"];

/** The slug for a chip, or `undefined` for "All" or anything unknown. */
export function flightTypeBySlug(slug: string | null | undefined): FlightTypeSlug | undefined {
  const lower = slug?.toLowerCase();
  return flightTypeSlugs.find((s) => s === lower);
}

/**
 * A selective service (flight card) as the provider API sends it (SPEC §3).
 * `type` is kept as a free string on the wire because the provider may send other
 * types; the website shows only Import and Export (`isShownFlight`).
 */
export const selectiveServiceSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  departureAirport: codeRefSchema.nullish(),
  arrivalAirport: codeRefSchema.nullish(),
  fromCountry: z.string().nullish(),
  toCountry: z.string().nullish(),
  selectiveCode: z.string().nullish(),
  startDate: isoDateTimeSchema.nullish(),
  endDate: isoDateTimeSchema.nullish(),
});
export type SelectiveService = z.infer<typeof selectiveServiceSchema>;

/** True for the flights the website shows: type Import or Export, optionally one of them. */
export function isShownFlight(service: SelectiveService, only?: FlightTypeSlug): boolean {
  const type = service.type.toLowerCase();
  return only ? type === only : (flightTypeSlugs as readonly string[]).includes(type);
}

/** Query of `GET /selective-services/website` (SPEC §7); `type` is case-insensitive. */
export const selectiveServiceListQuerySchema = z.object({
  limit: limitSchema(1000).optional(),
  offset: offsetSchema.optional(),
  showOnWebsite: queryBooleanSchema("showOnWebsite").optional(),
  type: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(flightTypeSlugs as [FlightTypeSlug, ...FlightTypeSlug[]], { error: "type must be import or export" }))
    .optional(),
});
export type SelectiveServiceListQuery = z.input<typeof selectiveServiceListQuerySchema>;

export const selectiveServiceEndpoints = {
  /** `GET /selective-services/website`: flights for the shipping schedule, soonest first. */
  listWebsite: defineEndpoint({
    method: "GET",
    path: "/selective-services/website",
    query: selectiveServiceListQuerySchema,
    data: listDataSchema(selectiveServiceSchema),
    message: "Selective services fetched successfully",
    summary: "List flights (selective services) for the website",
    tags: ["flights"],
  }),
};

/** SPEC §7 query shapes: flights on home. */
export const homeFlightsQuery = { limit: 100, offset: 0, showOnWebsite: true } satisfies SelectiveServiceListQuery;

/** SPEC §7 query shapes: /flights, with the lowercase type when a chip is chosen. */
export function flightsPageQuery(type: FlightTypeSlug | undefined): SelectiveServiceListQuery {
  return { limit: 1000, offset: 0, ...(type ? { type } : {}) };
}
