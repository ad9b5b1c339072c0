import { describe, expect, test } from "vitest";
import { disciplineBySlug } from "./disciplines.ts";
import { eventListQuerySchema, homeEventsQuery, transportEventsQuery } from "./events.ts";
import { buildQueryString, offsetFor } from "./query.ts";
import {
  flightsPageQuery,
  homeFlightsQuery,
  isShownFlight,
  selectiveServiceListQuerySchema,
} from "./selective-services.ts";

describe("buildQueryString (product §7)", () => {
  test("appends each key as name=value, arrays as repeated names", () => {
    expect(buildQueryString({ limit: 100, offset: 0, showOnWebsite: true, eventDisciplines: [3, 5] })).toBe(
      "?limit=100&offset=0&showOnWebsite=true&eventDisciplines=3&eventDisciplines=5",
    );
  });
  test("leaves out undefined and null, and answers '' for nothing", () => {
    expect(buildQueryString({ a: undefined, b: null })).toBe("");
    expect(buildQueryString(undefined)).toBe("");
  });
  test("encodes values", () => {
    expect(buildQueryString({ email: "a+b@example.com" })).toBe("?email=a%2Bb%40example.com");
  });
  test("offset is limit times page index", () => {
    expect(offsetFor(10, 3)).toBe(30);
  });
});

describe("query shapes per screen (product §7)", () => {
  test("home events: limit 100, offset 0, no website filter", () => {
    expect(buildQueryString(homeEventsQuery)).toBe("?limit=100&offset=0");
  });
  test("/transport: showOnWebsite and the chosen discipline id; omitted for All", () => {
    expect(buildQueryString(transportEventsQuery(disciplineBySlug("dressage")?.id))).toBe(
      "?limit=100&offset=0&showOnWebsite=true&eventDisciplines=3",
    );
    expect(buildQueryString(transportEventsQuery(undefined))).toBe("?limit=100&offset=0&showOnWebsite=true");
    // Any case, as the flight types: `?discipline=Dressage` is Dressage, not every show.
    expect(disciplineBySlug("Dressage")?.id).toBe(3);
    expect(disciplineBySlug("SHOW-JUMPING")?.id).toBe(1);
    expect(disciplineBySlug("bogus")).toBeUndefined();
  });
  test("flights: home limit 100 with showOnWebsite; /flights limit 1000 with lowercase type", () => {
    expect(buildQueryString(homeFlightsQuery)).toBe("?limit=100&offset=0&showOnWebsite=true");
    expect(buildQueryString(flightsPageQuery("export"))).toBe("?limit=1000&offset=0&type=export");
    expect(buildQueryString(flightsPageQuery(undefined))).toBe("?limit=1000&offset=0");
  });
});

describe("query schemas", () => {
  test("eventDisciplines accepts one, repeated or comma-separated ids", () => {
    expect(eventListQuerySchema.parse({ eventDisciplines: "3" }).eventDisciplines).toEqual([3]);
    expect(eventListQuerySchema.parse({ eventDisciplines: ["1", "6"] }).eventDisciplines).toEqual([1, 6]);
    expect(eventListQuerySchema.parse({ eventDisciplines: "1,5" }).eventDisciplines).toEqual([1, 5]);
  });
  test("eventDisciplines refuses unused id 4 and non-numbers", () => {
    expect(eventListQuerySchema.safeParse({ eventDisciplines: "4" }).success).toBe(false);
    expect(eventListQuerySchema.safeParse({ eventDisciplines: "dressage" }).success).toBe(false);
  });
  test("limit must be 1..1000 whole", () => {
    expect(eventListQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(eventListQuerySchema.safeParse({ limit: "1001" }).success).toBe(false);
    expect(eventListQuerySchema.safeParse({ limit: "2.5" }).success).toBe(false);
    expect(eventListQuerySchema.parse({ limit: "1000", offset: "0" })).toEqual({ limit: 1000, offset: 0 });
  });
  test("showOnWebsite takes true/false only", () => {
    expect(eventListQuerySchema.parse({ showOnWebsite: "false" }).showOnWebsite).toBe(false);
    expect(eventListQuerySchema.safeParse({ showOnWebsite: "yes" }).success).toBe(false);
  });
  test("flight type is case-insensitive import/export", () => {
    expect(selectiveServiceListQuerySchema.parse({ type: "IMPORT" }).type).toBe("import");
    expect(selectiveServiceListQuerySchema.safeParse({ type: "transit" }).success).toBe(false);
  });
  test("only Import and Export flights are shown", () => {
    const base = { id: 1, departureAirport: null, arrivalAirport: null };
    expect(isShownFlight({ ...base, type: "Import" })).toBe(true);
    expect(isShownFlight({ ...base, type: "Transit" })).toBe(false);
    expect(isShownFlight({ ...base, type: "Export" }, "import")).toBe(false);
  });
});
