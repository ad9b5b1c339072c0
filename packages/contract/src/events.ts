import { z } from "zod";
import { type DisciplineId, disciplineIds } from "./disciplines.ts";
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
import { TRANSPORT_EVENTS_LIMIT } from "./list-limits.ts";
import { defineMessages, type Message, validationText } from "./messages.ts";

/**
 * An event (transport card) as the provider API sends it (product §3). Older answers
 * carry the venue as `Place.code` or `location` and the category as `category`; the
 * card reads them in that fallback order (see `event-fields.ts`).
 */
const eventSchema = z.object({
  id: z.number().int(),
  eventName: z.string(),
  eventStatus: z.string().nullish(),
  place: codeRefSchema.nullish(),
  Place: codeRefSchema.nullish(),
  location: z.string().nullish(),
  startDate: isoDateTimeSchema.nullish(),
  endDate: isoDateTimeSchema.nullish(),
  eventCategory: z.string().nullish(),
  category: z.string().nullish(),
  eventDiscipline: z.number().int().nullish(),
  showOnWebsite: showOnWebsiteSchema,
  language: contentLanguageSchema,
});
export type Event = z.infer<typeof eventSchema>;

const disciplineMessages = defineMessages({
  notIds: /*i18n*/ { id: "events.disciplinesNotIds", message: "eventDisciplines must be discipline ids" },
  among: /*i18n*/ { id: "events.disciplinesAmong", message: "eventDisciplines must be among {values}" },
  tooMany: /*i18n*/ { id: "events.disciplinesTooMany", message: "eventDisciplines lists at most {max} ids" },
});

const disciplineIdSchema = z
  .number({ error: disciplineMessages.notIds.message })
  .int(disciplineMessages.notIds.message)
  .refine((id): id is DisciplineId => (disciplineIds as readonly number[]).includes(id), {
    message: validationText(disciplineMessages.among, { values: [...disciplineIds].sort().map(String) }),
  });

/**
 * `eventDisciplines` accepts one id, repeated names (`eventDisciplines=1&eventDisciplines=3`)
 * or a comma-separated list (`eventDisciplines=1,3`, how an array stringifies).
 */
const eventDisciplinesSchema = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => String(item).split(","))
      .filter((s) => s.trim() !== "")
      .map(Number),
  )
  .pipe(z.array(disciplineIdSchema).max(6, validationText(disciplineMessages.tooMany, { max: 6 })));

/** Query of `GET /event-services/website` (product §7). */
export const eventListQuerySchema = z.object({
  limit: limitSchema(1000).optional(),
  offset: offsetSchema.optional(),
  showOnWebsite: queryBooleanSchema("showOnWebsite").optional(),
  eventDisciplines: eventDisciplinesSchema.optional(),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

/** Path of `GET /event-services/website/{id}`: a numeric id (anything else answers 400). */
const eventParamsSchema = z.object({ id: idParamSchema });

/** The 404 message of `GET /event-services/website/{id}` (an unknown or hidden show). */
export const eventNotFound: Message = /*i18n*/ { id: "events.notFound", message: "Event not found." };

export const eventEndpoints = {
  /**
   * `GET /event-services/website`: events for the transport schedule, upcoming soonest first,
   * then undated, then ended, most recent first (product §7, "Details the spec leaves open").
   */
  listWebsite: defineEndpoint({
    method: "GET",
    path: "/event-services/website",
    operationId: "listWebsiteEvents",
    query: eventListQuerySchema,
    data: listDataSchema(eventSchema),
    message: /*i18n*/ { id: "events.listed", message: "Events fetched successfully" },
    summary: "List transport events (shows) for the website",
    tags: ["events"],
  }),
  /**
   * `GET /event-services/website/{id}`: one show in `data`, for its own page (product §2, "Show and flight pages").
   * _Ours_ (not in product §7). 400 for a non-numeric id; 404 'Event not found.' for an
   * unknown show or one not shown on the website (`showOnWebsite` false).
   */
  getWebsite: defineEndpoint({
    method: "GET",
    path: "/event-services/website/:id",
    operationId: "getWebsiteEvent",
    params: eventParamsSchema,
    data: eventSchema,
    message: /*i18n*/ { id: "events.fetched", message: "Event fetched successfully" },
    summary: "One transport event (show) shown on the website",
    tags: ["events"],
  }),
};

/** product §7 query shapes: home lists events without the website filter. */
export const homeEventsQuery = { limit: 100, offset: 0 } satisfies EventListQuery;

/** product §7 query shapes: /transport adds showOnWebsite and the chosen discipline (omitted for All). */
export function transportEventsQuery(disciplineId: DisciplineId | undefined): EventListQuery {
  return {
    limit: TRANSPORT_EVENTS_LIMIT,
    offset: 0,
    showOnWebsite: true,
    ...(disciplineId === undefined ? {} : { eventDisciplines: [disciplineId] }),
  };
}
