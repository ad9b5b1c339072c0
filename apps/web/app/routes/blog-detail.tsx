import { formatBlogDate, isoOrUndefined } from "@khayl/contract/format";
import { data, Link } from "react-router";
import { blogPath } from "../components/blog-card.tsx";
import { RichText } from "../components/rich-text.tsx";
import { loadBlog } from "../lib/content.server.ts";
import { blogsCatalogueFor, useBlogsT } from "../lib/i18n/blogs.ts";
import { companyFromMatches, pageMeta, pageTitle, publicUrlFromMatches } from "../lib/meta.ts";
import type { Route } from "./+types/blog-detail";

/**
 * /blogs/{id} and /Blogs/{id} (product §2 Blog detail). Answers 404 with 'Blog not found.'
 * for a non-numeric id or a blog the API does not have (503 when the API fails).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { blog, status } = await loadBlog(context, params.id);
  return data({ blog }, { status });
}

/**
 * Each blog's own title, description, canonical address and Open Graph / Twitter card
 * tags. The card shows the blog's main image when networks can render it (not SVG),
 * else the site's default share image.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = blogsCatalogueFor();
  const blog = loaderData?.blog;
  if (!blog)
    return [{ title: pageTitle(t.blog.notFound, companyFromMatches(matches)) }, { name: "robots", content: "noindex" }];
  const title = blog.title ?? t.blogs.untitled;
  const url = `${publicUrlFromMatches(matches) ?? ""}${blogPath(blog.id)}`;
  const tags = pageMeta(matches, {
    title,
    description: blog.description,
    type: "article",
    image: blog.image ? { url: blog.image, alt: title } : undefined,
  });
  tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (blog.date) tags.push({ property: "article:published_time", content: blog.date });
  if (blog.category) tags.push({ property: "article:section", content: blog.category });
  for (const tag of blog.tags) tags.push({ property: "article:tag", content: tag });
  return tags;
}

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  const t = useBlogsT();
  const { blog } = loaderData;
  if (!blog) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-ink">{t.blog.notFound}</h1>
        <p className="mt-3 text-lg text-slate-700">{t.blog.notFoundBody}</p>
        <Link
          to="/blogs"
          className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {t.blog.back}
        </Link>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 md:py-12">
      <Link
        to="/blogs"
        className="inline-flex items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
      >
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>
        {t.blog.back}
      </Link>
      <div className="relative mt-6 overflow-hidden rounded-3xl bg-brand-50">
        {blog.image ? (
          <img
            src={blog.image}
            alt=""
            width={1200}
            height={630}
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full"
          />
        ) : (
          <div className="aspect-[1200/630]" />
        )}
        {blog.category ? (
          <p className="absolute start-4 top-4 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand shadow">
            {blog.category}
          </p>
        ) : null}
      </div>
      <header className="mt-8">
        <h1 className="text-3xl leading-tight font-bold text-ink md:text-5xl">{blog.title ?? t.blogs.untitled}</h1>
        {blog.date ? (
          <time dateTime={isoOrUndefined(blog.date)} className="mt-3 block text-slate-600">
            {formatBlogDate(blog.date)}
          </time>
        ) : null}
      </header>
      <RichText html={blog.html} className="mt-8 max-w-3xl" />
      {blog.tags.length > 0 ? (
        <footer className="mt-10 border-t border-slate-200 pt-6">
          <h2 className="sr-only">{t.blog.tags}</h2>
          <ul className="flex flex-wrap gap-2">
            {blog.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-ink">
                {tag}
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  );
}
