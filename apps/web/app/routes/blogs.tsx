import { BlogCard, FeaturedBlogCard } from "../components/blog-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { loadBlogList } from "../lib/content.server.ts";
import { blogsCatalogueFor, useBlogsT } from "../lib/i18n/blogs.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/blogs";

/** /blogs (product §2 Blog list): up to 100 blogs (product §7), the main one featured. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadBlogList(context);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = blogsCatalogueFor().blogs;
  const company = companyFromMatches(matches);
  return pageMeta(matches, { title: t.title, description: t.description(company ?? "") });
}

/**
 * Heading 'Blogs', a large featured card for the blog flagged isMainBlog, then a
 * 3-column grid of the others; 'No blogs found' when there are none (or the list
 * failed to load, product §4).
 */
export default function Blogs({ loaderData }: Route.ComponentProps) {
  const t = useBlogsT().blogs;
  const { main, others } = loaderData;
  return (
    <>
      <PageBanner title={t.title} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10">
        {!main && others.length === 0 ? (
          <section className="rounded-3xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-2xl font-bold text-ink">{t.emptyTitle}</h2>
            <p className="mt-2 text-lg text-slate-700">{t.emptyBody}</p>
          </section>
        ) : null}
        {main ? <FeaturedBlogCard blog={main} /> : null}
        {others.length > 0 ? (
          <section aria-labelledby={main ? "blogs-more" : undefined} aria-label={main ? undefined : t.title}>
            {main ? (
              <h2 id="blogs-more" className="mb-6 text-2xl font-bold text-ink">
                {t.more}
              </h2>
            ) : null}
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((blog) => (
                <li key={blog.id}>
                  <BlogCard blog={blog} headingLevel={main ? 3 : 2} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
