import type { FastifyReply } from "fastify";

/**
 * `cache-control` of read-mostly public answers (schedules, blogs, legal texts, releases):
 * shared caches, browsers and the website's API client may keep them for a minute, then
 * revalidate in the background.
 */
const PUBLIC_SHORT_CACHE = "public, max-age=60, stale-while-revalidate=300";

/**
 * Awaits a read-mostly answer and only then marks the reply as publicly cacheable, so a
 * thrown 4xx (e.g. 'Blog not found.') keeps the API's default `no-store`. The answer depends
 * on the request's `language` header (decision 016), which shared caches must key on.
 */
export async function publiclyCached<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  const data = await answer;
  reply.header("cache-control", PUBLIC_SHORT_CACHE);
  reply.header("vary", "language");
  return data;
}
