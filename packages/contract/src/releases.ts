import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { listDataSchema } from "./envelope.ts";
import { contentLanguageSchema, isoDateTimeSchema, limitSchema, offsetSchema } from "./fields.ts";

/**
 * A release note of /release-note (product §3): `content` may carry simple HTML and is
 * sanitised by the website before rendering.
 */
const releaseNoteSchema = z.object({
  id: z.number().int(),
  date: isoDateTimeSchema.nullish(),
  tag: z.string().nullish(),
  title: z.string().nullish(),
  content: z.string().nullish(),
  language: contentLanguageSchema,
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

/**
 * A mobile app release log of /release-logs (product §3): `title` is the version (e.g.
 * '2.4.0'), `content` HTML (sanitised by the website), `Image` the URL of its picture.
 */
const releaseLogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: isoDateTimeSchema.nullish(),
  content: z.string().nullish(),
  Image: z.string().nullish(),
  language: contentLanguageSchema,
});
export type ReleaseLog = z.infer<typeof releaseLogSchema>;

/** Query of both release lists (product §7: optional limit and offset). */
const releaseListQuerySchema = z.object({
  limit: limitSchema(1000).optional(),
  offset: offsetSchema.optional(),
});
export type ReleaseListQuery = z.input<typeof releaseListQuerySchema>;

export const releaseEndpoints = {
  /** `GET /release-logs/`: release notes, newest first, in `data.rows`. */
  listNotes: defineEndpoint({
    method: "GET",
    path: "/release-logs/",
    operationId: "listReleaseNotes",
    query: releaseListQuerySchema,
    data: listDataSchema(releaseNoteSchema),
    message: /*i18n*/ { id: "releases.notesListed", message: "Release notes fetched successfully" },
    summary: "List release notes (What's New), newest first",
    tags: ["releases"],
  }),
  /** `GET /release-logs/getWebsiteRelease`: app release logs, newest first, in `data.rows`. */
  listWebsiteLogs: defineEndpoint({
    method: "GET",
    path: "/release-logs/getWebsiteRelease",
    operationId: "listReleaseLogs",
    query: releaseListQuerySchema,
    data: listDataSchema(releaseLogSchema),
    message: /*i18n*/ { id: "releases.logsListed", message: "Release logs fetched successfully" },
    summary: "List mobile app release logs, newest first",
    tags: ["releases"],
  }),
};

/** product §7 query shapes: release notes and release logs are read 1000 at a time from offset 0. */
export const releasesPageQuery = { limit: 1000, offset: 0 } satisfies ReleaseListQuery;
