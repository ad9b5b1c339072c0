import { type Blog, blogNotFound } from "@khayl/contract/blogs";
import type { Db } from "@khayl/db/client";
import { HttpError } from "../../http/errors.ts";
import { type Language, localizedTexts } from "../../http/language.ts";
import { type BlogRow, findWebsiteBlog, findWebsiteBlogs } from "./repository.ts";

/**
 * Database row → the provider's Blog shape (product §3) in `language` (its Arabic version when
 * it has a complete one, else English: decision 016): images under `Images`, dates as
 * ISO-8601 UTC.
 */
function toBlog(row: BlogRow, language: Language): Blog {
  const { title, summary, tag, category, content } = row;
  const localized = localizedTexts({ title, summary, tag, category, content }, row.translations, language);
  return {
    id: row.id,
    date: row.date.toISOString(),
    isMainBlog: row.isMainBlog,
    Images: { mainImage: row.mainImage, subImage: row.subImage },
    ...localized.texts,
    language: localized.language,
  };
}

/** `GET /blog/getWebsiteBlogs`: newest first; default page of 10 (product §9 default slice). */
export async function listWebsiteBlogs(db: Db, query: { limit?: number; offset?: number }, language: Language = "en") {
  const { rows, count } = await findWebsiteBlogs(db, { limit: query.limit ?? 10, offset: query.offset ?? 0 });
  return { rows: rows.map((row) => toBlog(row, language)), count };
}

/** `GET /blog/{id}`: the blog, or `HttpError(404, 'Blog not found.')` when missing or hidden. */
export async function getWebsiteBlog(db: Db, id: number, language: Language = "en"): Promise<Blog> {
  const row = await findWebsiteBlog(db, id);
  if (!row) throw new HttpError(404, blogNotFound);
  return toBlog(row, language);
}
