import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BlogCard } from "../components/blog-card.tsx";
import { FeaturedBlogCard } from "../components/featured-blog-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { loadBlogList } from "../lib/content.server.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/blogs";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** /blogs (product §2 Blog list): up to 100 blogs (product §7), the main one featured, with the page's messages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [list, messages] = await Promise.all([loadBlogList(context), messagesFor(request, "blogs")]);
  return { ...list, messages };
}

const title = msg`Blogs`;

/**
 * Title 'Blogs' and a description naming the company;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  const company = companyFromMatches(matches) ?? "";
  return pageMeta(matches, {
    title: i18n._(title),
    description: i18n._(
      msg`Guides and news from ${company}: preparing horses for travel, export and import paperwork, the UAE show and endurance seasons.`,
    ),
  });
}

/** An outage of the API (its 503) shows inside the site's header and footer (`PageError`). */
export function ErrorBoundary() {
  return <PageError />;
}

/**
 * Heading 'Blogs', a large featured card for the blog flagged isMainBlog, then a
 * 3-column grid of the others; 'No blogs found' when there are none. A list that failed to
 * load never gets here: the loader answers 503 'Temporarily unavailable' (product §4 Lists).
 */
export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { main, others } = loaderData;
  const heading = i18n._(title);
  return (
    <>
      <PageBanner title={heading} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10">
        {!main && others.length === 0 ? (
          <section className="rounded-3xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-2xl font-bold text-ink">{t`No blogs found`}</h2>
            <p className="mt-2 text-lg text-slate-700">{t`We couldn't find any blog posts at the moment. Please check back later!`}</p>
          </section>
        ) : null}
        {main ? <FeaturedBlogCard blog={main} /> : null}
        {others.length > 0 ? (
          <section aria-labelledby={main ? "blogs-more" : undefined} aria-label={main ? undefined : heading}>
            {main ? (
              <h2 id="blogs-more" className="mb-6 text-2xl font-bold text-ink">
                {t`More articles`}
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
