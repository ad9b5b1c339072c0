import { afterAll, beforeAll, expect, test } from "vitest";
import type { DbHandle } from "../client.ts";
import { events, selectiveServices } from "../schema.ts";
import { createTestDb } from "../testing.ts";
import { isArabicWithLatinDigits, numbers } from "./arabic-testing.ts";
import { seedSchedules } from "./schedules.ts";
import { airportNamesAr, countryNamesAr, eventCategoryAr, eventSeedsAr, eventStatusAr } from "./schedules-ar.ts";

// The English events and flights are not exported: read them back as the seed writes them.
let database: DbHandle;
let eventRows: (typeof events.$inferSelect)[];
let flightRows: (typeof selectiveServices.$inferSelect)[];

beforeAll(async () => {
  database = await createTestDb();
  await seedSchedules(database.db, new Date("2026-11-20T12:00:00Z"));
  eventRows = await database.db.select().from(events);
  flightRows = await database.db.select().from(selectiveServices);
}, 60_000); // an in-memory database, migrated: as slow as the API suite's set-up on a busy machine
afterAll(() => database.close());

test("every demo event has Arabic texts, and no other event does", () => {
  expect(eventRows.length).toBeGreaterThan(0);
  expect(Object.keys(eventSeedsAr).sort()).toEqual(eventRows.map((row) => row.eventName).sort());
});

test("each event's Arabic name keeps its numbers; status, category and venue follow the English", () => {
  for (const english of eventRows) {
    const arabic = eventSeedsAr[english.eventName]!;
    expect(isArabicWithLatinDigits(arabic.eventName), english.eventName).toBe(true);
    expect(numbers(arabic.eventName), english.eventName).toEqual(numbers(english.eventName));
    expect(arabic.eventStatus, english.eventName).toBe(
      english.eventStatus === null ? null : eventStatusAr[english.eventStatus],
    );
    expect(arabic.eventCategory, english.eventName).toBe(
      english.eventCategory === null ? null : eventCategoryAr[english.eventCategory],
    );
    expect(arabic.placeName === null, english.eventName).toBe(english.placeName === null);
    for (const text of [arabic.eventStatus, arabic.eventCategory, arabic.placeName]) {
      if (text !== null) expect(isArabicWithLatinDigits(text), `${english.eventName}: ${text}`).toBe(true);
    }
  }
});

test("an event's FEI code stays in Latin letters inside its Arabic name", () => {
  expect(eventSeedsAr["Abu Dhabi CDI3* Dressage"]?.eventName).toContain("CDI3*");
});

test("every status and category of the seed has Arabic", () => {
  for (const row of eventRows) {
    if (row.eventStatus !== null) expect(eventStatusAr[row.eventStatus], row.eventStatus).toBeTruthy();
    if (row.eventCategory !== null) expect(eventCategoryAr[row.eventCategory], row.eventCategory).toBeTruthy();
  }
  for (const text of [...Object.values(eventStatusAr), ...Object.values(eventCategoryAr)]) {
    expect(isArabicWithLatinDigits(text), text).toBe(true);
  }
});

test("every country and airport of the demo flights has an Arabic name", () => {
  expect(flightRows.length).toBeGreaterThan(0);
  for (const flight of flightRows) {
    for (const country of [flight.fromCountry, flight.toCountry]) {
      expect(isArabicWithLatinDigits(countryNamesAr[country!] ?? ""), country!).toBe(true);
    }
    for (const code of [flight.departureAirportCode, flight.arrivalAirportCode]) {
      expect(isArabicWithLatinDigits(airportNamesAr[code!] ?? ""), code!).toBe(true);
    }
  }
});
