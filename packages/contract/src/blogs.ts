import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { listDataSchema } from "./envelope.ts";
import { contentLanguageSchema, idParamSchema, isoDateTimeSchema, limitSchema, offsetSchema } from "./fields.ts";
import type { Message } from "./messages.ts";

/**
 * A blog's two pictures (product §3): `mainImage` on the detail page and the featured card, `subImage` on grid cards.
 */
const blogImagesSchema = z.object({
  mainImage: z.string().nullish(),
  subImage: z.string().nullish(),
});

/**
 * A blog as the provider API sends it (product §3). `title` may be missing (cards show
 * 'Untitled'); `tag` is a list whose first entry is shown on cards; `content` is HTML
 * that the website sanitises before rendering (architecture §3.10). `summary` is the
 * reference API's plain-text teaser, used for the page description when present.
 */
const blogSchema = z.object({
  id: z.number().int(),
  title: z.string().nullish(),
  summary: z.string().nullish(),
  date: isoDateTimeSchema.nullish(),
  isMainBlog: z.boolean().nullish(),
  Images: blogImagesSchema.nullish(),
  tag: z.array(z.string()).nullish(),
  category: z.string().nullish(),
  content: z.string().nullish(),
  language: contentLanguageSchema,
});
export type Blog = z.infer<typeof blogSchema>;

/** Query of `GET /blog/getWebsiteBlogs` (product §7: the payload's keys as name=value). */
const blogListQuerySchema = z.object({
  limit: limitSchema(1000).optional(),
  offset: offsetSchema.optional(),
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

/** Path of `GET /blog/{id}`: a numeric id (anything else answers 400). */
const blogParamsSchema = z.object({ id: idParamSchema });

/** The 404 message of `GET /blog/{id}` (and the page text, product §8). */
export const blogNotFound: Message = /*i18n*/ { id: "blogs.notFound", message: "Blog not found." };

export const blogEndpoints = {
  /** `GET /blog/getWebsiteBlogs`: blogs shown on the website, newest first, in `data.rows`. */
  listWebsite: defineEndpoint({
    method: "GET",
    path: "/blog/getWebsiteBlogs",
    operationId: "listWebsiteBlogs",
    query: blogListQuerySchema,
    data: listDataSchema(blogSchema),
    message: /*i18n*/ { id: "blogs.listed", message: "Blogs fetched successfully" },
    summary: "List blogs for the website, newest first",
    tags: ["blogs"],
  }),
  /** `GET /blog/{id}`: one blog in `data`; 400 for a non-numeric id, 404 'Blog not found.'. */
  get: defineEndpoint({
    method: "GET",
    path: "/blog/:id",
    operationId: "getBlog",
    params: blogParamsSchema,
    data: blogSchema,
    message: /*i18n*/ { id: "blogs.fetched", message: "Blog fetched successfully" },
    summary: "One blog with its HTML content",
    tags: ["blogs"],
  }),
};

/** product §7 query shapes: the home teaser shows 3 blogs. */
export const blogsTeaserQuery = { limit: 3, offset: 0 } satisfies BlogListQuery;

/** product §7 query shapes: the /blogs page lists up to 100. */
export const blogsPageQuery = { limit: 100, offset: 0 } satisfies BlogListQuery;
