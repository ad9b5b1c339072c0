import { describe, expect, test } from "vitest";
import { accessibleName, flightsApi, serverHtmlHost, shownElements, showsApi } from "./server-html-testing.ts";

/** The calendar files and feeds the pages link, read without a browser (split from server-html.api.test.ts; PGlite only). */
const site = serverHtmlHost("server-html-calendar");
const { apiData, serverPage, firstId } = site;

/** The value of the first `NAME` property of the first event of an iCalendar text (unfolded). */
function icsValue(text: string, name: string): string | undefined {
  const unfolded = text.replace(/\r?\n[ \t]/g, "");
  const event = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"));
  return event.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1]?.trim();
}

describe("calendar files", () => {
  test("'Add to calendar' links the show's .ics, with a stable UID, its dates, name and page", async () => {
    // Was e2e/trips.spec.ts "'Add to calendar' downloads the show's .ics with a stable UID, its dates, name and page".
    const id = await firstId(showsApi);
    const show = await apiData<{ eventName: string; startDate: string }>(`/event-services/website/${id}`);
    const page = await serverPage(`/transport/${id}`);
    expect(page.hrefs("Add to calendar")).toEqual([`/transport/${id}/calendar.ics`]);
    const answer = await site.host.app.inject(`/transport/${id}/calendar.ics`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = answer.body;
    expect(icsValue(text, "UID")).toBe(`event-${id}@127.0.0.1`);
    expect(icsValue(text, "SUMMARY")).toBe(show.eventName);
    expect(icsValue(text, "URL")).toMatch(new RegExp(`/transport/${id}$`));
    expect(icsValue(text, "DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(icsValue(text, "DTSTART")).toBe(show.startDate.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
    const again = (await site.host.app.inject(`/transport/${id}/calendar.ics`)).body;
    expect(icsValue(again, "UID")).toBe(icsValue(text, "UID"));
    expect((await site.host.app.inject("/transport/999999/calendar.ics")).statusCode).toBe(404);
  });

  test("every calendar file and feed ends each line with CRLF, the last one too (RFC 5545)", async () => {
    const paths = [
      `/transport/${await firstId(showsApi)}/calendar.ics`,
      `/flights/${await firstId(flightsApi)}/calendar.ics`,
      "/calendar/shows.ics",
      "/ar/calendar/flights.ics",
    ];
    for (const path of paths) {
      const text = (await site.host.app.inject(path)).body;
      expect(text.endsWith("END:VCALENDAR\r\n"), path).toBe(true);
      expect(text.replaceAll("\r\n", "").includes("\n"), path).toBe(false);
    }
  });

  test("a flight's .ics has its route and departure in UTC", async () => {
    // Was e2e/trips.spec.ts "a flight's .ics has its route and departure in UTC".
    const id = await firstId(flightsApi);
    const flight = await apiData<{
      departureAirport: { code: string };
      arrivalAirport: { code: string };
      startDate: string;
    }>(`/selective-services/website/${id}`);
    const text = (await site.host.app.inject(`/flights/${id}/calendar.ics`)).body;
    expect(icsValue(text, "UID")).toBe(`flight-${id}@127.0.0.1`);
    expect(icsValue(text, "SUMMARY")).toContain(
      `Import flight ${flight.departureAirport.code} to ${flight.arrivalAirport.code}`,
    );
    expect(icsValue(text, "DTSTART")).toBe(flight.startDate.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
  });

  test("the schedules offer their feeds by webcal and https, filtered as the page", async () => {
    // Was e2e/trips.spec.ts "the schedules offer their feeds by webcal and https, filtered as the page"
    // (its axe pass on /transport?discipline=dressage moved into the show card's journey there).
    const page = await serverPage("/transport?discipline=dressage");
    const feed = shownElements(page.root()).find(
      (e) => e.name === "aside" && e.attribs["aria-label"] === "Calendar feed",
    );
    expect(feed).toBeDefined();
    const feedPage = (name: string) =>
      shownElements(feed!)
        .filter((e) => e.name === "a" && accessibleName(e) === name)
        .map((a) => a.attribs.href);
    expect(feedPage("Subscribe in your calendar")).toEqual([
      expect.stringMatching(/^webcal:\/\/127\.0\.0\.1:\d+\/calendar\/shows\.ics\?discipline=dressage$/),
    ]);
    expect(feedPage("Feed address (https)")).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/shows\.ics\?discipline=dressage$/),
    ]);

    const shows = await site.host.app.inject("/calendar/shows.ics?discipline=dressage");
    expect(shows.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(shows.headers["cache-control"]).toMatch(/public, max-age=\d+/);
    const dressage = (await apiData<{ rows: { id: number }[] }>(`${showsApi}&eventDisciplines=3`)).rows;
    const text = shows.body;
    expect(text.match(/^BEGIN:VEVENT/gm)?.length).toBe(dressage.filter((s) => "startDate" in s).length);
    for (const show of dressage) expect(text).toContain(`UID:event-${show.id}@`);

    const exports = (await site.host.app.inject("/calendar/flights.ics?type=export")).body;
    expect(exports).toContain("SUMMARY:Export flight");
    expect(exports).not.toContain("SUMMARY:Import flight");
    const flights = await serverPage("/flights?type=import");
    expect(flights.hrefs("Subscribe in your calendar")).toEqual([
      expect.stringMatching(/\/calendar\/flights\.ics\?type=import$/),
    ]);
  });
});
