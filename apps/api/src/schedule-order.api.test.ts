import { startOfDubaiDay } from "@khayl/contract/dubai-days";
import { events, selectiveServices } from "@khayl/db/schema";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "./testing.ts";

/**
 * The schedules' order (product §7, "Details the spec leaves open"): upcoming soonest first,
 * then undated, then the ended ones, most recent first. Dates are relative to today in
 * Asia/Dubai, so the test never ages.
 */

let api: TestApi;
/** `days` after today's 00:00 in Dubai, plus `hours`. */
const at = (days: number, hours: number) =>
  new Date(startOfDubaiDay(new Date()).getTime() + days * 86_400_000 + hours * 3_600_000);

beforeAll(async () => {
  api = await createTestApi();
  await api.database.db.insert(events).values([
    { eventName: "Ended last week", disciplineId: 1, startDate: at(-8, 6), endDate: at(-6, 14) },
    { eventName: "Ended yesterday", disciplineId: 1, startDate: at(-3, 6), endDate: at(-1, 14) },
    { eventName: "Ends today", disciplineId: 3, startDate: at(-2, 6), endDate: at(0, 1) },
    { eventName: "Yesterday evening", disciplineId: 3, startDate: at(-1, 23) },
    { eventName: "Today, all day", disciplineId: 1, startDate: at(0, 0) },
    { eventName: "Next week", disciplineId: 1, startDate: at(7, 6) },
    { eventName: "Tomorrow", disciplineId: 1, startDate: at(1, 6), endDate: at(2, 14) },
    // An end before the start counts as unknown: it is on its start's day, in three days.
    { eventName: "End before start", disciplineId: 1, startDate: at(3, 6), endDate: at(-5, 6) },
    { eventName: "Undated", disciplineId: 1, startDate: null },
  ]);
  await api.database.db.insert(selectiveServices).values([
    { type: "Export", selectiveCode: "LEFT-LAST-MONTH", startDate: at(-30, 20), endDate: at(-29, 2) },
    { type: "Import", selectiveCode: "LEFT-YESTERDAY", startDate: at(-1, 8), endDate: at(-1, 12) },
    { type: "Export", selectiveCode: "LANDS-TODAY", startDate: at(-1, 22), endDate: at(0, 3) },
    { type: "Import", selectiveCode: "NEXT-WEEK", startDate: at(7, 20) },
    { type: "Export", selectiveCode: "TOMORROW", startDate: at(1, 20) },
  ]);
});
afterAll(() => api.close());

async function list(path: string): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const response = await api.app.inject({ method: "GET", url: `/api/v1${path}`, headers: { language: "en" } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const UPCOMING_SHOWS = ["Ends today", "Today, all day", "Tomorrow", "End before start", "Next week"];
const ENDED_SHOWS = ["Yesterday evening", "Ended yesterday", "Ended last week"];

test("shows: upcoming soonest first (through their last Dubai day), undated, then ended, most recent first", async () => {
  const all = await list("/event-services/website?limit=100&showOnWebsite=true");
  expect(all.rows.map((row) => row.eventName)).toEqual([...UPCOMING_SHOWS, "Undated", ...ENDED_SHOWS]);
  expect(all.count).toBe(9);
  // Page after page, as the home section and /transport read them: the same order, nothing twice.
  const pages = [];
  for (const offset of [0, 4, 8]) pages.push(...(await list(`/event-services/website?limit=4&offset=${offset}`)).rows);
  expect(pages.map((row) => row.eventName)).toEqual(all.rows.map((row) => row.eventName));
  // A discipline's list keeps the order.
  const dressage = await list("/event-services/website?eventDisciplines=3");
  expect(dressage.rows.map((row) => row.eventName)).toEqual(["Ends today", "Yesterday evening"]);
});

test("flights: upcoming soonest first (one landing today included), then those that left, most recent first", async () => {
  const all = await list("/selective-services/website?limit=100");
  expect(all.rows.map((row) => row.selectiveCode)).toEqual([
    "LANDS-TODAY",
    "TOMORROW",
    "NEXT-WEEK",
    "LEFT-YESTERDAY",
    "LEFT-LAST-MONTH",
  ]);
  expect(all.count).toBe(5);
  const exports = await list("/selective-services/website?type=export&limit=1&offset=2");
  expect(exports.rows.map((row) => row.selectiveCode)).toEqual(["LEFT-LAST-MONTH"]);
});
