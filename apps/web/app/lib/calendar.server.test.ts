import type { Event } from "@khayl/contract/events";
import type { SelectiveService } from "@khayl/contract/selective-services";
import { setupI18n } from "@lingui/core";
import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import {
  buildCalendar,
  type CalendarContext,
  flightCalendarEvent,
  flightsFeedName,
  showCalendarEvent,
  showsFeedName,
} from "./calendar.server.ts";
import { i18nFor } from "./i18n/catalogue.server.ts";

/** Calendar files of product §2's show and flight pages, parsed back with ical.js (a maintained RFC 5545 parser). */

const context: CalendarContext = {
  config: { publicUrl: "https://khayl.example", companyName: "Khayl", companyNameAr: "خيل" },
  language: "en",
  i18n: setupI18n({ locale: "en", messages: { en: {} } }),
};

const show: Event = {
  id: 12,
  eventName: "Sharjah International Show Jumping Cup",
  eventStatus: "Open",
  place: { code: "SERC", name: "Sharjah Equestrian & Racing Club" },
  startDate: "2030-01-10T06:00:00.000Z",
  endDate: "2030-01-12T14:00:00.000Z",
  eventCategory: "International",
  eventDiscipline: 1,
  language: "en",
};

const flight: SelectiveService = {
  id: 7,
  type: "Import",
  departureAirport: { code: "LGG", name: "Liège" },
  arrivalAirport: { code: "DWC", name: "Dubai World Central" },
  fromCountry: "Belgium",
  toCountry: "United Arab Emirates",
  selectiveCode: "IMP-1",
  startDate: "2030-02-01T20:00:00.000Z",
  endDate: "2030-02-02T03:00:00.000Z",
  language: "en",
};

/** The Arabic messages of the flight pages, which hold the calendar's texts. */
const arabicTrips = await i18nFor(new Request("http://localhost/ar/flights/7"), "trips");

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
}

function render(events: Parameters<typeof buildCalendar>[1], ctx = context): string {
  return buildCalendar("Test", events, ctx).toString();
}

describe("a show's calendar entry", () => {
  test("has a stable UID, DTSTAMP, UTC start and end, summary, location and the page's URL", () => {
    const text = render([showCalendarEvent(show, context)]);
    const [event] = parse(text);
    expect(event?.uid).toBe("event-12@khayl.example");
    expect(event?.summary).toBe("Sharjah International Show Jumping Cup");
    expect(event?.location).toBe("Sharjah Equestrian & Racing Club (SERC)");
    expect(event?.startDate.toJSDate().toISOString()).toBe("2030-01-10T06:00:00.000Z");
    expect(event?.endDate.toJSDate().toISOString()).toBe("2030-01-12T14:00:00.000Z");
    expect(event?.component.getFirstPropertyValue("url")).toBe("https://khayl.example/transport/12");
    expect(event?.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    // Downloaded twice, the same UID: a calendar updates the entry instead of doubling it.
    expect(parse(render([showCalendarEvent(show, context)]))[0]?.uid).toBe(event?.uid);
  });

  test("a show at midnight in Dubai is all-day on its Dubai days, the end day included", () => {
    // 2030-01-09T20:00Z is 10 January 00:00 in Dubai; 2030-01-11T20:00Z is 12 January 00:00.
    const dateOnly = { ...show, startDate: "2030-01-09T20:00:00.000Z", endDate: "2030-01-11T20:00:00.000Z" };
    const [event] = parse(render([showCalendarEvent(dateOnly, context)]));
    expect(event?.startDate.isDate).toBe(true);
    expect(event?.startDate.toString()).toBe("2030-01-10");
    expect(event?.endDate.toString()).toBe("2030-01-13");
    const oneDay = parse(render([showCalendarEvent({ ...dateOnly, endDate: null }, context)]))[0];
    expect(oneDay?.endDate.toString()).toBe("2030-01-11");
  });

  test("an end before the start counts as unknown: the entry keeps its start, never swaps the two", () => {
    // 12 January 10:00 "to" 10 January 18:00 in Dubai: an hour from the start, on its own day.
    const timed = { ...show, startDate: "2030-01-12T06:00:00.000Z", endDate: "2030-01-10T14:00:00.000Z" };
    const [event] = parse(render([showCalendarEvent(timed, context)]));
    expect(event?.startDate.toJSDate().toISOString()).toBe("2030-01-12T06:00:00.000Z");
    expect(event?.endDate.toJSDate().toISOString()).toBe("2030-01-12T07:00:00.000Z");
    // All-day, 12 "to" 10 January: the 12th alone, not the 11th (neither of its days).
    const dateOnly = { ...show, startDate: "2030-01-11T20:00:00.000Z", endDate: "2030-01-09T20:00:00.000Z" };
    const [day] = parse(render([showCalendarEvent(dateOnly, context)]));
    expect(day?.startDate.toString()).toBe("2030-01-12");
    expect(day?.endDate.toString()).toBe("2030-01-13");
  });

  test("in Arabic the URL is the Arabic page; a show without a start date has no entry", () => {
    const arabic = { ...context, language: "ar" as const };
    const [event] = parse(render([showCalendarEvent(show, arabic)], arabic));
    expect(event?.component.getFirstPropertyValue("url")).toBe("https://khayl.example/ar/transport/12");
    expect(showCalendarEvent({ ...show, startDate: null }, context)).toBeNull();
  });
});

describe("a flight's calendar entry", () => {
  test("has its UID, departure and arrival in UTC, the route in the summary and the departure airport", () => {
    const [event] = parse(render([flightCalendarEvent(flight, context)]));
    expect(event?.uid).toBe("flight-7@khayl.example");
    expect(event?.summary).toBe("Import flight LGG to DWC (IMP-1)");
    expect(event?.location).toBe("Liège (LGG), Belgium");
    const arabic = { ...context, language: "ar" as const, i18n: arabicTrips };
    expect(flightCalendarEvent(flight, arabic)?.location).toBe("Liège (LGG)، Belgium");
    expect(flightCalendarEvent({ ...flight, fromCountry: null }, arabic)?.location).toBe("Liège (LGG)");
    expect(event?.startDate.toJSDate().toISOString()).toBe("2030-02-01T20:00:00.000Z");
    expect(event?.endDate.toJSDate().toISOString()).toBe("2030-02-02T03:00:00.000Z");
    expect(event?.component.getFirstPropertyValue("url")).toBe("https://khayl.example/flights/7");
  });

  test("an arrival before the departure counts as unknown: an hour from the departure", () => {
    const backwards = { ...flight, endDate: "2030-02-01T10:00:00.000Z" };
    const [event] = parse(render([flightCalendarEvent(backwards, context)]));
    expect(event?.startDate.toJSDate().toISOString()).toBe("2030-02-01T20:00:00.000Z");
    expect(event?.endDate.toJSDate().toISOString()).toBe("2030-02-01T21:00:00.000Z");
  });
});

test("a feed is named with the company's name in the feed's language", () => {
  for (const name of [showsFeedName, flightsFeedName]) {
    expect(name(context)).toContain("Khayl");
    const arabic = name({ ...context, language: "ar" });
    expect(arabic).toContain("خيل");
    expect(arabic).not.toContain("Khayl");
  }
});

test("a filtered feed names its discipline or flight type, so two subscribed feeds read apart", () => {
  expect(showsFeedName(context, 3)).toBe("Khayl: Dressage shows");
  expect(showsFeedName(context, 3)).not.toBe(showsFeedName(context, 2));
  expect(flightsFeedName(context, "import")).toBe("Khayl: import flights");
  expect(flightsFeedName(context, "export")).toBe("Khayl: export flights");
  const arabic = { ...context, language: "ar" as const, i18n: arabicTrips };
  expect(showsFeedName(arabic, 3)).toMatch(/\p{Script=Arabic}/u);
  expect(showsFeedName(arabic, 3)).not.toMatch(/Dressage|shows/);
  expect(flightsFeedName(arabic, "import")).not.toMatch(/import|flights/);
});

describe("text from the API cannot write calendar lines of its own", () => {
  /** A name that ends its line and writes an entry of its own, as a compromised provider could send it. */
  const injected =
    "Gulf Cup\r\nBEGIN:VEVENT\r\nUID:evil-1@attacker\r\nDTSTART:20270101T090000Z\r\nSUMMARY:Pay here\r\n" +
    "URL:https://evil.example/pay\r\nEND:VEVENT";
  const flattened =
    "Gulf Cup BEGIN:VEVENT UID:evil-1@attacker DTSTART:20270101T090000Z SUMMARY:Pay here URL:https://evil.example/pay END:VEVENT";

  test("a show's name, as the single download's calendar name and as the entry's summary", () => {
    const poisoned = { ...show, eventName: injected, place: { code: "X\u0007", name: "Arena\u0001; Hall, 2" } };
    const text = buildCalendar(poisoned.eventName, [showCalendarEvent(poisoned, context)], context).toString();
    const events = parse(text);
    expect(events.map((event) => event.uid)).toEqual(["event-12@khayl.example"]);
    expect(events[0]?.summary).toBe(flattened);
    expect(events[0]?.location).toBe("Arena ; Hall, 2 (X )");
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(flattened);
    expect(calendar.getFirstPropertyValue("name")).toBe(flattened);
    // Nothing but the folding's own line breaks: no control character left in the file.
    expect(text.replaceAll("\r\n", "")).not.toMatch(/\p{Cc}/u);
  });

  test("a flight's code, in the calendar name and the summary", () => {
    const poisoned = { ...flight, selectiveCode: injected };
    const event = flightCalendarEvent(poisoned, context);
    const text = buildCalendar(String(event?.summary), [event], context).toString();
    expect(parse(text).map((entry) => entry.uid)).toEqual(["flight-7@khayl.example"]);
    expect(parse(text)[0]?.summary).toBe(`Import flight LGG to DWC (${flattened})`);
  });
});
