import { formatBlogDate, isoOrUndefined } from "@khayl/contract/format";
import { useLingui } from "@lingui/react/macro";
import { useNavigation } from "react-router";
import type { BlogCardView } from "../lib/content-views.ts";
import { contentDirection, unlocalizedPath } from "../lib/i18n/language.ts";
import { useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { Spinner } from "./ui/spinner.tsx";

/** The path of a blog's page (product §2: /blogs/{id}; /Blogs/{id} reaches it too), without the language prefix. */
export function blogPath(id: number): string {
  return `/blogs/${id}`;
}

/** True while the router loads `path` in either language (a spinner shows on the card that was chosen). */
export function usePendingPath(path: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && unlocalizedPath(navigation.location.pathname).toLowerCase() === path;
}

/**
 * A blog card of the /blogs grid and the home teaser (product §2): sub image, title
 * ('Untitled' when missing), date like 'Jan 05, 2025' ('05 يناير 2025' in Arabic) and the
 * first tag. The whole card is one link (the title's, in the page's language), with a
 * spinner while the blog loads. Title and tag are shown as the API sends them.
 */
export function BlogCard({ blog, headingLevel = 3 }: { blog: BlogCardView; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const language = useLanguage();
  const contentLang = useContentLang(blog.language);
  const path = blogPath(blog.id);
  const pending = usePendingPath(path);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={
        "group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 " +
        "ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-brand hover:shadow-md"
      }
    >
      <div className="aspect-[3/2] overflow-hidden bg-brand-50">
        {blog.image ? (
          <img
            src={blog.image}
            alt=""
            width={600}
            height={400}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          {blog.tag ? (
            <span
              lang={contentLang}
              className="rounded-full bg-accent-100 px-3 py-1 font-semibold text-ink wrap-break-word"
            >
              {blog.tag}
            </span>
          ) : null}
          {blog.date ? (
            <time dateTime={isoOrUndefined(blog.date)} className="text-slate-600">
              {formatBlogDate(blog.date, language)}
            </time>
          ) : null}
        </div>
        <Heading
          dir={blog.title ? contentDirection(blog.language) : undefined}
          lang={blog.title ? contentLang : undefined}
          className="text-lg leading-snug font-bold text-ink"
        >
          <Link
            to={path}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {blog.title ?? t`Untitled`}
          </Link>
        </Heading>
      </div>
      {pending ? (
        <div className="absolute inset-0 grid place-items-center bg-white/60 text-brand">
          <Spinner label={t`Loading blog…`} />
        </div>
      ) : null}
    </article>
  );
}
