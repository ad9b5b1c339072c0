import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { listDataSchema } from "./envelope.ts";
import {
  codeRefSchema,
  contentLanguageSchema,
  idParamSchema,
  isoDateTimeSchema,
  limitSchema,
  offsetSchema,
  queryBooleanSchema,
  showOnWebsiteSchema,
} from "./fields.ts";
import { type FlightTypeSlug, flightTypeSlugs } from "./flight-types.ts";
import { FLIGHTS_PAGE_LIMIT } from "./list-limits.ts";
import { defineMessages, type Message } from "./messages.ts";

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
  showOnWebsite: showOnWebsiteSchema,
  language: contentLanguageSchema,
});
export type SelectiveService = z.infer<typeof selectiveServiceSchema>;

/**
 * A flight's route as the alert mails and the alerts' manage page write it (decision 028):
 * `LHR → DXB`, each end its airport's code, else its country, else `?`.
 */
export function flightRoute(
  flight: Pick<SelectiveService, "departureAirport" | "arrivalAirport" | "fromCountry" | "toCountry">,
): string {
  const from = flight.departureAirport?.code ?? flight.fromCountry ?? "?";
  const to = flight.arrivalAirport?.code ?? flight.toCountry ?? "?";
  return `${from} → ${to}`;
}

/** The message of a `type` that is neither import nor export. */
const flightTypeInvalidMessage = defineMessages({
  typeInvalid: /*i18n*/ { id: "selectiveServices.typeInvalid", message: "type must be import or export" },
}).typeInvalid.message;

/** Query of `GET /selective-services/website` (product §7); `type` is case-insensitive. */
export const selectiveServiceListQuerySchema = z.object({
  limit: limitSchema(1000).optional(),
  offset: offsetSchema.optional(),
  showOnWebsite: queryBooleanSchema("showOnWebsite").optional(),
  type: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(flightTypeSlugs as [FlightTypeSlug, ...FlightTypeSlug[]], { error: flightTypeInvalidMessage }))
    .optional(),
});
export type SelectiveServiceListQuery = z.input<typeof selectiveServiceListQuerySchema>;

/** Path of `GET /selective-services/website/{id}`: a numeric id (anything else answers 400). */
const selectiveServiceParamsSchema = z.object({ id: idParamSchema });

/** The 404 message of `GET /selective-services/website/{id}` (an unknown or hidden flight). */
export const selectiveServiceNotFound: Message = /*i18n*/ {
  id: "selectiveServices.notFound",
  message: "Selective service not found.",
};

export const selectiveServiceEndpoints = {
  /**
   * `GET /selective-services/website`: flights for the shipping schedule, upcoming soonest
   * first, then undated, then ended, most recent first (product §7, "Details the spec leaves open").
   */
  listWebsite: defineEndpoint({
    method: "GET",
    path: "/selective-services/website",
    operationId: "listWebsiteSelectiveServices",
    query: selectiveServiceListQuerySchema,
    data: listDataSchema(selectiveServiceSchema),
    message: /*i18n*/ { id: "selectiveServices.listed", message: "Selective services fetched successfully" },
    summary: "List flights (selective services) for the website",
    tags: ["flights"],
  }),
  /**
   * `GET /selective-services/website/{id}`: one flight in `data`, for its own page (product §2, "Show and flight pages").
   * _Ours_ (not in product §7). 400 for a non-numeric id; 404 'Selective service not found.'
   * for an unknown flight or one not shown on the website. Any type is answered; the website
   * shows only Import and Export (`isShownFlight`).
   */
  getWebsite: defineEndpoint({
    method: "GET",
    path: "/selective-services/website/:id",
    operationId: "getWebsiteSelectiveService",
    params: selectiveServiceParamsSchema,
    data: selectiveServiceSchema,
    message: /*i18n*/ { id: "selectiveServices.fetched", message: "Selective service fetched successfully" },
    summary: "One flight (selective service) shown on the website",
    tags: ["flights"],
  }),
};

/** product §7 query shapes: flights on home. */
export const homeFlightsQuery = { limit: 100, offset: 0, showOnWebsite: true } satisfies SelectiveServiceListQuery;

/** product §7 query shapes: /flights, with the lowercase type when a chip is chosen. */
export function flightsPageQuery(type: FlightTypeSlug | undefined): SelectiveServiceListQuery {
  return { limit: FLIGHTS_PAGE_LIMIT, offset: 0, ...(type ? { type } : {}) };
}
