import { type Blog, blogNotFoundMessage } from "@khayl/contract/blogs";
import type { Db } from "@khayl/db/client";
import { HttpError } from "../../http/errors.ts";
import { type BlogRow, findWebsiteBlog, findWebsiteBlogs } from "./repository.ts";

/** Database row → the provider's Blog shape (product §3): images under `Images`, dates as ISO-8601 UTC. */
export function toBlog(row: BlogRow): Blog {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    date: row.date.toISOString(),
    isMainBlog: row.isMainBlog,
    Images: { mainImage: row.mainImage, subImage: row.subImage },
    tag: row.tag,
    category: row.category,
    content: row.content,
  };
}

/** `GET /blog/getWebsiteBlogs`: newest first; default page of 10 (product §9 default slice). */
export async function listWebsiteBlogs(db: Db, query: { limit?: number; offset?: number }) {
  const { rows, count } = await findWebsiteBlogs(db, { limit: query.limit ?? 10, offset: query.offset ?? 0 });
  return { rows: rows.map(toBlog), count };
}

/** `GET /blog/{id}`: the blog, or `HttpError(404, 'Blog not found.')` when missing or hidden. */
export async function getWebsiteBlog(db: Db, id: number): Promise<Blog> {
  const row = await findWebsiteBlog(db, id);
  if (!row) throw new HttpError(404, blogNotFoundMessage);
  return toBlog(row);
}
