import { formatBlogDate, isoOrUndefined } from "@khayl/contract/format";
import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { blogPath } from "../components/blog-card.tsx";
import { BackLink, MissingItem, missingItemTitle } from "../components/detail-page.tsx";
import { RichText } from "../components/rich-text.tsx";
import { ShareButton } from "../components/share-button.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { loadBlog } from "../lib/content.server.ts";
import { i18nWith, messagesFor } from "../lib/i18n/catalogue.server.ts";
import { contentDirection, languageOfRequest, localizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches, useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { blogJsonLd, breadcrumbJsonLd } from "../lib/json-ld.server.ts";
import { companyFromMatches, type JsonLdObject, pageMeta, pageTitle } from "../lib/meta.ts";
import type { Route } from "./+types/blog-detail";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/**
 * /blogs/{id} and /Blogs/{id} (product §2 Blog detail). Answers 404 with 'Blog not found.'
 * for a non-numeric id or a blog the API does not have; 503 with 'Temporarily unavailable'
 * when the API fails. `jsonLd`: the blog's schema.org BlogPosting and BreadcrumbList (its `meta` writes them).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const messages = await messagesFor(request, "blogs");
  const i18n = i18nWith(request, messages);
  const language = languageOfRequest(request);
  const { blog, status } = await loadBlog(context, params.id, language, i18n);
  const jsonLd: JsonLdObject[] = [];
  if (blog) {
    const { config } = context;
    const blogUrl = `${config.publicUrl}${localizedPath(blogPath(blog.id), language)}`;
    const title = blog.title ?? i18n._(untitled);
    jsonLd.push(
      blogJsonLd({ ...blog, title }, blogUrl, blog.language ?? language, config, language),
      breadcrumbJsonLd([
        { name: i18n._(msg`Home`), url: `${config.publicUrl}${localizedPath("/", language)}` },
        { name: i18n._(msg`Blogs`), url: `${config.publicUrl}${localizedPath("/blogs", language)}` },
        { name: title, url: blogUrl },
      ]),
    );
  }
  return data({ blog, status, messages, jsonLd }, { status });
}

const notFound = msg`Blog not found.`;
const untitled = msg`Untitled`;

/**
 * Each blog's own title, description, canonical address (`/blogs/{id}` in the page's
 * language, also for a visit to `/Blogs/{id}`) and Open Graph / Twitter card tags. The
 * card shows the blog's main image when networks can render it (not SVG), else the
 * site's default share image.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const blog = loaderData?.blog;
  if (!blog)
    return [
      {
        title: pageTitle(i18n._(missingItemTitle(loaderData?.status ?? 404, notFound)), companyFromMatches(matches)),
      },
      { name: "robots", content: "noindex" },
    ];
  const title = blog.title ?? i18n._(untitled);
  const tags = pageMeta(matches, {
    title,
    description: blog.description,
    type: "article",
    image: blog.image ? { url: blog.image, alt: title } : undefined,
    canonicalPath: blogPath(blog.id),
    jsonLd: loaderData.jsonLd,
  });
  if (blog.date) tags.push({ property: "article:published_time", content: blog.date });
  if (blog.category) tags.push({ property: "article:section", content: blog.category });
  for (const tag of blog.tags) tags.push({ property: "article:tag", content: tag });
  return tags;
}

/**
 * /blogs/{id} (product §2 Blog detail): the main image with its category badge, the title
 * ('Untitled' when it has none), date, Share, the sanitised HTML content (architecture §3.10)
 * and the tags. Without a blog: 'Blog not found.' (404) or 'Temporarily unavailable' (503),
 * then a link to all blogs (`MissingItem`).
 */
export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const contentLang = useContentLang(loaderData.blog?.language);
  const { blog } = loaderData;
  const config = usePublicConfig();
  if (!blog) {
    return (
      <MissingItem
        status={loaderData.status}
        notFound={notFound}
        reason={t`This article may have been moved or removed.`}
        unavailableReason={t`This article cannot be read right now. Please try again later.`}
        to="/blogs"
        linkLabel={t`All blogs`}
      />
    );
  }
  const blogUrl = `${config.publicUrl}${localizedPath(blogPath(blog.id), language)}`;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 md:py-12">
      <BackLink to="/blogs">{t`All blogs`}</BackLink>
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
          <p
            className={
              "absolute start-4 top-4 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand " + "shadow"
            }
          >
            <span lang={contentLang}>{blog.category}</span>
          </p>
        ) : null}
      </div>
      <header className="mt-8">
        <h1
          dir={blog.title ? contentDirection(blog.language) : undefined}
          lang={blog.title ? contentLang : undefined}
          className="text-3xl leading-tight font-bold text-ink md:text-5xl"
        >
          {blog.title ?? i18n._(untitled)}
        </h1>
        {blog.date ? (
          <time dateTime={isoOrUndefined(blog.date)} className="mt-3 block text-slate-600">
            {formatBlogDate(blog.date, language)}
          </time>
        ) : null}
        <ShareButton
          className={
            "mt-4 inline-flex min-h-11 items-center gap-2 rounded-full border border-brand px-5 py-2 font-semibold " +
            "text-brand hover:bg-brand-50"
          }
          data={{
            title: blog.title ?? i18n._(untitled),
            text: blog.description,
            url: blogUrl,
          }}
        />
      </header>
      <RichText html={blog.html} language={blog.language} className="mt-8 max-w-3xl" />
      {blog.tags.length > 0 ? (
        <footer className="mt-10 border-t border-slate-200 pt-6">
          <h2 className="sr-only">{t`Tags`}</h2>
          <ul lang={contentLang} className="flex flex-wrap gap-2">
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
