import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { listDataSchema } from "./envelope.ts";
import {
  codeRefSchema,
  contentLanguageSchema,
  isoDateTimeSchema,
  limitSchema,
  offsetSchema,
  queryBooleanSchema,
} from "./fields.ts";
import { type FlightTypeSlug, flightTypeSlugs } from "./flight-types.ts";

export type { FlightTypeSlug } from "./flight-types.ts";
export { isShownFlight } from "./flight-types.ts";

/**
 * A selective service (flight card) as the provider API sends it (product §3).
 * `type` is kept as a free string on the wire because the provider may send other
 * types; the website shows only Import and Export (`isShownFlight`).
 */
const selectiveServiceSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  departureAirport: codeRefSchema.nullish(),
  arrivalAirport: codeRefSchema.nullish(),
  fromCountry: z.string().nullish(),
  toCountry: z.string().nullish(),
  selectiveCode: z.string().nullish(),
  startDate: isoDateTimeSchema.nullish(),
  endDate: isoDateTimeSchema.nullish(),
  language: contentLanguageSchema,
});
export type SelectiveService = z.infer<typeof selectiveServiceSchema>;

/** Query of `GET /selective-services/website` (product §7); `type` is case-insensitive. */
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
    operationId: "listWebsiteSelectiveServices",
    query: selectiveServiceListQuerySchema,
    data: listDataSchema(selectiveServiceSchema),
    message: "Selective services fetched successfully",
    summary: "List flights (selective services) for the website",
    tags: ["flights"],
  }),
};

/** product §7 query shapes: flights on home. */
export const homeFlightsQuery = { limit: 100, offset: 0, showOnWebsite: true } satisfies SelectiveServiceListQuery;

/** product §7 query shapes: /flights, with the lowercase type when a chip is chosen. */
export function flightsPageQuery(type: FlightTypeSlug | undefined): SelectiveServiceListQuery {
  return { limit: 1000, offset: 0, ...(type ? { type } : {}) };
}
