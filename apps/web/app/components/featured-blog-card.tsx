import { formatBlogDate, isoOrUndefined } from "@khayl/contract/format";
import { useLingui } from "@lingui/react/macro";
import type { BlogCardView } from "../lib/content-views.ts";
import { contentDirection } from "../lib/i18n/language.ts";
import { useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { blogPath, usePendingPath } from "./blog-card.tsx";
import { Spinner } from "./ui/spinner.tsx";

/**
 * The large featured card of /blogs for the blog flagged isMainBlog (product §2): main image,
 * title, date. Its own module, so the home teaser's cards (`BlogCard`) do not carry it.
 */
export function FeaturedBlogCard({ blog }: { blog: BlogCardView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const contentLang = useContentLang(blog.language);
  const path = blogPath(blog.id);
  const pending = usePendingPath(path);
  return (
    <article
      className={
        "group relative grid overflow-hidden rounded-3xl bg-brand text-white shadow-sm " +
        "focus-within:ring-4 focus-within:ring-accent-300 md:grid-cols-[3fr_2fr]"
      }
    >
      <div className="aspect-[1200/630] overflow-hidden bg-brand-700">
        {blog.image ? (
          <img
            src={blog.image}
            alt=""
            width={1200}
            height={630}
            fetchPriority="high"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : null}
      </div>
      <div className="flex flex-col justify-center gap-4 p-6 md:p-10">
        <p className="text-sm font-semibold tracking-widest text-accent-200 uppercase">{t`Featured`}</p>
        <h2
          dir={blog.title ? contentDirection(blog.language) : undefined}
          lang={blog.title ? contentLang : undefined}
          className="text-2xl leading-tight font-bold md:text-3xl"
        >
          <Link
            to={path}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {blog.title ?? t`Untitled`}
          </Link>
        </h2>
        {blog.date ? (
          <time dateTime={isoOrUndefined(blog.date)} className="text-brand-50">
            {formatBlogDate(blog.date, language)}
          </time>
        ) : null}
      </div>
      {pending ? (
        <div className="absolute inset-0 grid place-items-center bg-brand/60 text-white">
          <Spinner label={t`Loading blog…`} />
        </div>
      ) : null}
    </article>
  );
}
