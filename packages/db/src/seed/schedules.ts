import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type EventTexts, events, type SelectiveServiceTexts, selectiveServices } from "../schema.ts";
import { airportNamesAr, countryNamesAr, eventSeedsAr } from "./schedules-ar.ts";

/**
 * A UTC instant `days` after `now`'s day at `hourUtc`:00: the demo's dates are upcoming when
 * seeded. They are seeded once, into empty tables, and not moved later: on an old `DATA_DIR`
 * they have ended and list after upcoming entries (README, "Data"; product §7).
 */
export function dayFrom(now: Date, days: number, hourUtc = 6): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hourUtc));
  return d;
}

type EventSeed = Omit<typeof events.$inferInsert, "startDate" | "endDate"> & { start: number | null; days?: number };

/** Demo shows at UAE venues, every discipline, some multi-day, one without a start date. */
const eventSeeds: EventSeed[] = [
  {
    eventName: "Sharjah International Show Jumping Cup",
    disciplineId: 1,
    placeCode: "SERC",
    placeName: "Sharjah Equestrian & Racing Club",
    eventCategory: "International",
    eventStatus: "Open",
    start: 4,
    days: 3,
  },
  {
    eventName: "Emirates Longines League — Round 4",
    disciplineId: 1,
    placeCode: "EEC",
    placeName: "Emirates Equestrian Centre, Dubai",
    eventCategory: "International",
    eventStatus: "Open",
    start: 11,
    days: 2,
  },
  {
    eventName: "Al Ain National Show Jumping",
    disciplineId: 1,
    placeCode: "AAESC",
    placeName: "Al Ain Equestrian, Shooting & Golf Club",
    eventCategory: "National",
    eventStatus: "Fully Booked",
    start: 19,
  },
  {
    eventName: "Abu Dhabi CDI3* Dressage",
    disciplineId: 3,
    placeCode: "ADEC",
    placeName: "Abu Dhabi Equestrian Club",
    eventCategory: "International",
    eventStatus: "Open",
    start: 8,
    days: 2,
  },
  {
    eventName: "Dubai Dressage Winter Series",
    disciplineId: 3,
    placeCode: "DPEC",
    placeName: "Dubai Polo & Equestrian Club",
    eventCategory: "National",
    eventStatus: "Open",
    start: 15,
  },
  {
    eventName: "Al Forsan Young Horse Dressage",
    disciplineId: 3,
    placeCode: "AFIESC",
    placeName: "Al Forsan International Sports Resort",
    eventCategory: "Regional",
    eventStatus: "Upcoming",
    start: 29,
    days: 1,
  },
  {
    eventName: "HH The President's Cup Endurance 160 km",
    disciplineId: 2,
    placeCode: "AWE",
    placeName: "Al Wathba Endurance Village",
    eventCategory: "International",
    eventStatus: "Open",
    start: 6,
  },
  {
    eventName: "Dubai Crown Prince Endurance 120 km",
    disciplineId: 2,
    placeCode: "DIEC",
    placeName: "Dubai International Endurance City",
    eventCategory: "National",
    eventStatus: "Open",
    start: 13,
  },
  {
    eventName: "Boudthib Ladies Endurance 100 km",
    disciplineId: 2,
    placeCode: "BEV",
    placeName: "Boudthib Endurance Village",
    eventCategory: "Regional",
    eventStatus: "Upcoming",
    start: 24,
  },
  {
    eventName: "Emirates Eventing Championship",
    disciplineId: 5,
    placeCode: "AFIESC",
    placeName: "Al Forsan International Sports Resort",
    eventCategory: "International",
    eventStatus: "Open",
    start: 9,
    days: 3,
  },
  {
    eventName: "Sharjah Eventing Cup — One Day Event",
    disciplineId: 5,
    placeCode: "SERC",
    placeName: "Sharjah Equestrian & Racing Club",
    eventCategory: "National",
    eventStatus: "Upcoming",
    start: 33,
  },
  {
    eventName: "UAE Tent Pegging Federation Cup",
    disciplineId: 6,
    placeCode: "AAESC",
    placeName: "Al Ain Equestrian, Shooting & Golf Club",
    eventCategory: "International",
    eventStatus: "Open",
    start: 17,
    days: 2,
  },
  {
    eventName: "Ras Al Khaimah Tent Pegging Open",
    disciplineId: 6,
    placeCode: "RAKEC",
    placeName: "Ras Al Khaimah Equestrian Club",
    eventCategory: null,
    eventStatus: "Upcoming",
    start: 26,
  },
  {
    eventName: "Fujairah Show Jumping Festival (dates to be confirmed)",
    disciplineId: 1,
    placeCode: "FEC",
    placeName: "Fujairah Equestrian Club",
    eventCategory: "National",
    eventStatus: "To be announced",
    start: null,
  },
  {
    eventName: "Private Clinic — Dressage with Visiting Coach",
    disciplineId: 3,
    placeCode: "DPEC",
    placeName: "Dubai Polo & Equestrian Club",
    eventCategory: "Clinic",
    eventStatus: "Closed",
    start: 5,
    showOnWebsite: false,
  },
];

type FlightSeed = Omit<typeof selectiveServices.$inferInsert, "startDate" | "endDate"> & {
  start: number;
  hours: number;
};

/**
 * Demo flights between UAE airports and the usual horse gateways (Liège, Amsterdam, Frankfurt, London, Paris,
 * Chicago).
 */
const flightSeeds: FlightSeed[] = [
  {
    type: "Import",
    departureAirportCode: "LGG",
    departureAirportName: "Liège",
    arrivalAirportCode: "DWC",
    arrivalAirportName: "Dubai World Central",
    fromCountry: "Belgium",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-LGG-DWC-01",
    start: 3,
    hours: 7,
  },
  {
    type: "Import",
    departureAirportCode: "AMS",
    departureAirportName: "Amsterdam Schiphol",
    arrivalAirportCode: "DXB",
    arrivalAirportName: "Dubai International",
    fromCountry: "Netherlands",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-AMS-DXB-02",
    start: 7,
    hours: 7,
  },
  {
    type: "Import",
    departureAirportCode: "FRA",
    departureAirportName: "Frankfurt",
    arrivalAirportCode: "AUH",
    arrivalAirportName: "Abu Dhabi (Zayed International)",
    fromCountry: "Germany",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-FRA-AUH-03",
    start: 12,
    hours: 6,
  },
  {
    type: "Import",
    departureAirportCode: "LHR",
    departureAirportName: "London Heathrow",
    arrivalAirportCode: "DXB",
    arrivalAirportName: "Dubai International",
    fromCountry: "United Kingdom",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-LHR-DXB-04",
    start: 16,
    hours: 7,
  },
  {
    type: "Import",
    departureAirportCode: "CDG",
    departureAirportName: "Paris Charles de Gaulle",
    arrivalAirportCode: "SHJ",
    arrivalAirportName: "Sharjah",
    fromCountry: "France",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-CDG-SHJ-05",
    start: 21,
    hours: 7,
  },
  {
    type: "Import",
    departureAirportCode: "ORD",
    departureAirportName: "Chicago O'Hare",
    arrivalAirportCode: "DWC",
    arrivalAirportName: "Dubai World Central",
    fromCountry: "United States",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-ORD-DWC-06",
    start: 27,
    hours: 14,
  },
  {
    type: "Import",
    departureAirportCode: "LGG",
    departureAirportName: "Liège",
    arrivalAirportCode: "AUH",
    arrivalAirportName: "Abu Dhabi (Zayed International)",
    fromCountry: "Belgium",
    toCountry: "United Arab Emirates",
    selectiveCode: "IMP-LGG-AUH-07",
    start: 34,
    hours: 7,
    showOnWebsite: false,
  },
  {
    type: "Export",
    departureAirportCode: "DWC",
    departureAirportName: "Dubai World Central",
    arrivalAirportCode: "LGG",
    arrivalAirportName: "Liège",
    fromCountry: "United Arab Emirates",
    toCountry: "Belgium",
    selectiveCode: "EXP-DWC-LGG-01",
    start: 5,
    hours: 7,
  },
  {
    type: "Export",
    departureAirportCode: "DXB",
    departureAirportName: "Dubai International",
    arrivalAirportCode: "AMS",
    arrivalAirportName: "Amsterdam Schiphol",
    fromCountry: "United Arab Emirates",
    toCountry: "Netherlands",
    selectiveCode: "EXP-DXB-AMS-02",
    start: 10,
    hours: 7,
  },
  {
    type: "Export",
    departureAirportCode: "AUH",
    departureAirportName: "Abu Dhabi (Zayed International)",
    arrivalAirportCode: "FRA",
    arrivalAirportName: "Frankfurt",
    fromCountry: "United Arab Emirates",
    toCountry: "Germany",
    selectiveCode: "EXP-AUH-FRA-03",
    start: 14,
    hours: 6,
  },
  {
    type: "Export",
    departureAirportCode: "SHJ",
    departureAirportName: "Sharjah",
    arrivalAirportCode: "LHR",
    arrivalAirportName: "London Heathrow",
    fromCountry: "United Arab Emirates",
    toCountry: "United Kingdom",
    selectiveCode: "EXP-SHJ-LHR-04",
    start: 20,
    hours: 8,
  },
  {
    type: "Export",
    departureAirportCode: "DXB",
    departureAirportName: "Dubai International",
    arrivalAirportCode: "CDG",
    arrivalAirportName: "Paris Charles de Gaulle",
    fromCountry: "United Arab Emirates",
    toCountry: "France",
    selectiveCode: "EXP-DXB-CDG-05",
    start: 25,
    hours: 7,
  },
  {
    type: "Export",
    departureAirportCode: "DWC",
    departureAirportName: "Dubai World Central",
    arrivalAirportCode: "ORD",
    arrivalAirportName: "Chicago O'Hare",
    fromCountry: "United Arab Emirates",
    toCountry: "United States",
    selectiveCode: "EXP-DWC-ORD-06",
    start: 31,
    hours: 15,
  },
  {
    type: "Export",
    departureAirportCode: "AUH",
    departureAirportName: "Abu Dhabi (Zayed International)",
    arrivalAirportCode: "LGG",
    arrivalAirportName: "Liège",
    fromCountry: "United Arab Emirates",
    toCountry: "Belgium",
    selectiveCode: "EXP-AUH-LGG-07",
    start: 38,
    hours: 7,
    showOnWebsite: false,
  },
  {
    type: "Transit",
    departureAirportCode: "DWC",
    departureAirportName: "Dubai World Central",
    arrivalAirportCode: "DOH",
    arrivalAirportName: "Doha Hamad",
    fromCountry: "United Arab Emirates",
    toCountry: "Qatar",
    selectiveCode: "TRN-DWC-DOH-01",
    start: 9,
    hours: 1,
  },
];

/** Inserts the demo events and flights when their tables are empty; answers what it inserted. */
export async function seedSchedules(db: Db, now: Date): Promise<{ events: number; flights: number }> {
  const result = { events: 0, flights: 0 };
  const [eventCount] = await db.select({ n: count() }).from(events);
  if (eventCount?.n === 0) {
    const rows = eventSeeds.map(({ start, days, ...row }) => ({
      ...row,
      startDate: start === null ? null : dayFrom(now, start),
      endDate: start === null || !days ? null : dayFrom(now, start + days, 14),
      translations: eventTranslations(row.eventName),
    }));
    await db.insert(events).values(rows);
    result.events = rows.length;
  }
  const [flightCount] = await db.select({ n: count() }).from(selectiveServices);
  if (flightCount?.n === 0) {
    const rows = flightSeeds.map(({ start, hours, ...row }) => {
      const startDate = dayFrom(now, start, 20);
      return {
        ...row,
        startDate,
        endDate: new Date(startDate.getTime() + hours * 3_600_000),
        translations: flightTranslations(row),
      };
    });
    await db.insert(selectiveServices).values(rows);
    result.flights = rows.length;
  }
  return result;
}

/** The Arabic texts of a demo event (decision 016), by its English name. */
function eventTranslations(eventName: string): { ar?: EventTexts } {
  const arabic = eventSeedsAr[eventName];
  return arabic ? { ar: arabic } : {};
}

/** The Arabic country and airport names of a demo flight (decision 016). */
function flightTranslations(flight: {
  fromCountry?: string | null;
  toCountry?: string | null;
  departureAirportCode?: string | null;
  arrivalAirportCode?: string | null;
}): { ar?: SelectiveServiceTexts } {
  const name = (code: string | null | undefined) => (code ? (airportNamesAr[code] ?? null) : null);
  return {
    ar: {
      fromCountry: flight.fromCountry ? (countryNamesAr[flight.fromCountry] ?? null) : null,
      toCountry: flight.toCountry ? (countryNamesAr[flight.toCountry] ?? null) : null,
      departureAirportName: name(flight.departureAirportCode),
      arrivalAirportName: name(flight.arrivalAirportCode),
    },
  };
}

/**
 * Gives the demo shows and flights of a database seeded before Arabic existed their Arabic
 * texts (decision 016): rows with no translations yet that carry a demo event's name or a
 * demo flight's code. Answers how many rows it updated.
 */
export async function backfillScheduleTranslations(db: Db): Promise<number> {
  let updated = 0;
  const untranslated = sql`translations = '{}'::jsonb`;
  for (const seed of eventSeeds) {
    const translations = eventTranslations(seed.eventName);
    if (!translations.ar) continue;
    const rows = await db
      .update(events)
      .set({ translations })
      .where(and(eq(events.eventName, seed.eventName), untranslated))
      .returning({ id: events.id });
    updated += rows.length;
  }
  for (const seed of flightSeeds) {
    if (!seed.selectiveCode) continue;
    const rows = await db
      .update(selectiveServices)
      .set({ translations: flightTranslations(seed) })
      .where(and(eq(selectiveServices.selectiveCode, seed.selectiveCode), untranslated))
      .returning({ id: selectiveServices.id });
    updated += rows.length;
  }
  return updated;
}
