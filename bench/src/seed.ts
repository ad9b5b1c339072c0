import { createDb } from "@khayl/db/client";
import { events, selectiveServices } from "@khayl/db/schema";
import { count } from "drizzle-orm";

const airports = [
  ["LGG", "Liège", "Belgium"],
  ["AMS", "Amsterdam Schiphol", "Netherlands"],
  ["FRA", "Frankfurt", "Germany"],
  ["LHR", "London Heathrow", "United Kingdom"],
  ["CDG", "Paris Charles de Gaulle", "France"],
  ["ORD", "Chicago O'Hare", "United States"],
] as const;
const uae = [
  ["DWC", "Dubai World Central"],
  ["DXB", "Dubai International"],
  ["AUH", "Abu Dhabi (Zayed International)"],
  ["SHJ", "Sharjah"],
] as const;
const venues = [
  ["SERC", "Sharjah Equestrian & Racing Club"],
  ["EEC", "Emirates Equestrian Centre, Dubai"],
  ["ADEC", "Abu Dhabi Equestrian Club"],
  ["AWE", "Al Wathba Endurance Village"],
  ["AFIESC", "Al Forsan International Sports Resort"],
] as const;
const disciplines = [1, 2, 3, 5, 6] as const;
const DAY = 86_400_000;

/** Entry `i` of a fixed, non-empty list, round and round. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error("nth of an empty list");
  return item;
}

/**
 * Bench flight number `i`: alternately Import and Export between a UAE airport and a horse gateway, shown on the
 * website.
 */
function flight(i: number, now: number): typeof selectiveServices.$inferInsert {
  const [code, name, country] = nth(airports, i);
  const [uaeCode, uaeName] = nth(uae, i);
  const importing = i % 2 === 0;
  const startDate = new Date(now + (1 + (i % 365)) * DAY + (i % 24) * 3_600_000);
  return {
    type: importing ? "Import" : "Export",
    departureAirportCode: importing ? code : uaeCode,
    departureAirportName: importing ? name : uaeName,
    arrivalAirportCode: importing ? uaeCode : code,
    arrivalAirportName: importing ? uaeName : name,
    fromCountry: importing ? country : "United Arab Emirates",
    toCountry: importing ? "United Arab Emirates" : country,
    selectiveCode: `BENCH-${importing ? "IMP" : "EXP"}-${String(i + 1).padStart(4, "0")}`,
    startDate,
    endDate: new Date(startDate.getTime() + 7 * 3_600_000),
    showOnWebsite: true,
  };
}

/** Bench event number `i`: every discipline in turn at UAE venues, some multi-day, shown on the website. */
function event(i: number, now: number): typeof events.$inferInsert {
  const [placeCode, placeName] = nth(venues, i);
  const startDate = new Date(now + (1 + (i % 365)) * DAY);
  return {
    eventName: `Bench Show ${i + 1} — ${placeName}`,
    eventStatus: i % 3 === 0 ? "Open" : "Upcoming",
    placeCode,
    placeName,
    disciplineId: nth(disciplines, i),
    eventCategory: i % 4 === 0 ? "International" : "National",
    startDate,
    endDate: i % 2 ? new Date(startDate.getTime() + 2 * DAY) : null,
    showOnWebsite: true,
  };
}

/**
 * Brings the PGlite database under `dataDir` (created and migrated if new) to exactly
 * `rows` flights and `rows` events by inserting bench rows (it never deletes), then
 * closes it: PGlite admits one process at a time, so the server starts afterwards. The
 * server's demo seed then leaves these two tables alone (it only fills empty tables).
 */
export async function seedRows(dataDir: string, rows: number, now = Date.now()): Promise<void> {
  const handle = await createDb({ dataDir });
  try {
    await handle.migrate();
    for (const [table, make] of [
      [selectiveServices, flight],
      [events, event],
    ] as const) {
      const [existing] = await handle.db.select({ n: count() }).from(table);
      const have = existing?.n ?? 0;
      if (have > rows) throw new Error(`${dataDir} already holds ${have} rows, more than ${rows}`);
      for (let start = have; start < rows; start += 250) {
        const batch = Array.from({ length: Math.min(250, rows - start) }, (_, k) => make(start + k, now));
        // One insert per table and batch; the two row types share no columns, hence the cast.
        await handle.db.insert(table).values(batch as never[]);
      }
    }
  } finally {
    await handle.close();
  }
}
