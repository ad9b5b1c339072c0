import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, translations, ts } from "./columns.ts";

/**
 * The published content the website shows (product §3): shows, flights, blogs, legal
 * documents and release notes, each with the texts that have an Arabic version.
 */

/** The texts of an event that have an Arabic version. */
export interface EventTexts {
  eventName: string;
  eventStatus: string | null;
  eventCategory: string | null;
  placeName: string | null;
}

/** The texts of a flight that have an Arabic version. */
export interface SelectiveServiceTexts {
  fromCountry: string | null;
  toCountry: string | null;
  departureAirportName: string | null;
  arrivalAirportName: string | null;
}

/** The texts of a blog that have an Arabic version. */
export interface BlogTexts {
  title: string | null;
  summary: string | null;
  tag: string[];
  category: string | null;
  content: string;
}

/** The texts of a release note that have an Arabic version. */
export interface ReleaseNoteTexts {
  tag: string | null;
  title: string;
  content: string;
}

/** The texts of a release log that have an Arabic version (its title is the version number). */
export interface ReleaseLogTexts {
  content: string;
}

/** Transport events (product §3 Event). `discipline_id` uses the provider's ids (1,2,3,5,6). */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    eventName: text("event_name").notNull(),
    eventStatus: text("event_status"),
    placeCode: text("place_code"),
    placeName: text("place_name"),
    disciplineId: integer("discipline_id").notNull(),
    eventCategory: text("event_category"),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    showOnWebsite: boolean("show_on_website").notNull().default(true),
    translations: translations<EventTexts>(),
    createdAt: createdAt(),
  },
  (t) => [index("events_start_date_idx").on(t.startDate), index("events_discipline_idx").on(t.disciplineId)],
);

/** Selective services = flights (product §3). `type` is 'Import' or 'Export' for flights. */
export const selectiveServices = pgTable(
  "selective_services",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    departureAirportCode: text("departure_airport_code"),
    departureAirportName: text("departure_airport_name"),
    arrivalAirportCode: text("arrival_airport_code"),
    arrivalAirportName: text("arrival_airport_name"),
    fromCountry: text("from_country"),
    toCountry: text("to_country"),
    selectiveCode: text("selective_code"),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    showOnWebsite: boolean("show_on_website").notNull().default(true),
    translations: translations<SelectiveServiceTexts>(),
    createdAt: createdAt(),
  },
  (t) => [index("selective_services_start_date_idx").on(t.startDate), index("selective_services_type_idx").on(t.type)],
);

/** Blogs (product §3 Blog). `tag` is an array of strings; the first is shown on cards. */
export const blogs = pgTable("blogs", {
  id: serial("id").primaryKey(),
  title: text("title"),
  summary: text("summary"),
  date: ts("date").notNull(),
  isMainBlog: boolean("is_main_blog").notNull().default(false),
  mainImage: text("main_image"),
  subImage: text("sub_image"),
  tag: jsonb("tag").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  category: text("category"),
  content: text("content").notNull().default(""),
  showOnWebsite: boolean("show_on_website").notNull().default(true),
  translations: translations<BlogTexts>(),
  createdAt: createdAt(),
});

/** Terms and privacy documents, one per category (product §3), per language. */
export const legalDocuments = pgTable("legal_documents", {
  id: serial("id").primaryKey(),
  category: text("category").notNull().unique(),
  title: jsonb("title").$type<Record<string, string>>().notNull(),
  content: jsonb("content").$type<Record<string, string>>().notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Release notes for /release-note (product §3 Release note). */
export const releaseNotes = pgTable("release_notes", {
  id: serial("id").primaryKey(),
  date: ts("date").notNull(),
  tag: text("tag"),
  title: text("title").notNull(),
  content: text("content").notNull(),
  translations: translations<ReleaseNoteTexts>(),
});

/** App release logs for /release-logs (product §3 Release log); `title` is the version. */
export const releaseLogs = pgTable("release_logs", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  date: ts("date").notNull(),
  content: text("content").notNull(),
  image: text("image"),
  translations: translations<ReleaseLogTexts>(),
});
