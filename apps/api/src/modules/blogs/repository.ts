import type { Db } from "@khayl/db/client";
import { blogs } from "@khayl/db/schema";
import { and, count, desc, eq } from "drizzle-orm";

export type BlogRow = typeof blogs.$inferSelect;

/** Blogs shown on the website, newest first (ties by id), one page of them, and their total count. */
export async function findWebsiteBlogs(db: Db, page: { limit: number; offset: number }) {
  const where = eq(blogs.showOnWebsite, true);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogs)
      .where(where)
      .orderBy(desc(blogs.date), desc(blogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(blogs).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The blog with this id when it is shown on the website, else undefined. */
export async function findWebsiteBlog(db: Db, id: number): Promise<BlogRow | undefined> {
  const [row] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.showOnWebsite, true)))
    .limit(1);
  return row;
}
