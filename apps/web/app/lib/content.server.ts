import { type Blog, blogEndpoints, blogsPageQuery, blogsTeaserQuery } from "@khayl/contract/blogs";
import { legalEndpoints, type TermsCategory } from "@khayl/contract/legal";
import { releaseEndpoints, releasesPageQuery } from "@khayl/contract/releases";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppLoadContext } from "react-router";
import { isApiError } from "./api-error.ts";
import type { BlogCardView, BlogView, LegalView, ReleaseLogView, ReleaseNoteView } from "./content-views.ts";
import type { Language } from "./i18n/language.ts";
import { imageSizesIn } from "./image-sizes.server.ts";
import { shownImage } from "./images.server.ts";
import { plainTextExcerpt, sanitizeContent } from "./sanitize.server.ts";
import { orUnavailable } from "./unavailable.server.ts";

/**
 * Content loading for the pages (product §2, §7 query shapes). Each loader maps the API
 * answer to what its page shows (so unused fields never reach the page's data), and
 * sanitises HTML here, on the server (architecture §3.10). A failed load is logged and the
 * page answers 503 'Temporarily unavailable' (product §4, `orUnavailable`).
 */

/** A blog's tags trimmed, those holding only spaces left out. */
function filledTags(tags: readonly string[] | null | undefined): string[] {
  return (tags ?? []).map((tag) => tag.trim()).filter(Boolean);
}

/**
 * The name a table of the content without a caption gets (its scroll region's, architecture
 * §3.10), in the page's language: the loaders below take the page's `i18n` for it.
 */
const unnamedTable = msg({
  message: "Table",
  comment: "The name of a table in a blog, a legal text or release notes that has no caption",
});

/** The sizes of the site's images, read where the host serves them from (`context.staticDir`). */
const imageSizes = (context: AppLoadContext) => (context.staticDir ? imageSizesIn(context.staticDir) : undefined);

/**
 * A blog's card: its `image` (main or sub, the other as fallback) only when the page may show
 * it (`shownImage` with the config's `imageOrigins`), else none.
 */
function toCard(blog: Blog, image: "mainImage" | "subImage", origins: readonly string[]): BlogCardView {
  const images = blog.Images ?? {};
  return {
    id: blog.id,
    title: blog.title?.trim() || null,
    date: blog.date ?? null,
    tag: filledTags(blog.tag)[0] ?? null,
    image: shownImage(
      image === "mainImage" ? (images.mainImage ?? images.subImage) : (images.subImage ?? images.mainImage),
      origins,
    ),
    language: blog.language ?? null,
  };
}

/** Home teaser: 3 blogs (limit 3, offset 0), each as a card with its sub image. */
export async function loadHomeBlogs(context: AppLoadContext): Promise<BlogCardView[]> {
  return orUnavailable(context, "home blogs", async () => {
    const { rows } = await context.api.call(blogEndpoints.listWebsite, { query: blogsTeaserQuery });
    return rows.slice(0, 3).map((blog) => toCard(blog, "subImage", context.config.imageOrigins));
  });
}

/**
 * /blogs (limit 100, offset 0): the blog flagged `isMainBlog` as the featured card with
 * its main image (null when none is flagged), and the others as grid cards.
 */
export async function loadBlogList(
  context: AppLoadContext,
): Promise<{ main: BlogCardView | null; others: BlogCardView[] }> {
  const rows = await orUnavailable(
    context,
    "blogs",
    async () => (await context.api.call(blogEndpoints.listWebsite, { query: blogsPageQuery })).rows,
  );
  const main = rows.find((blog) => blog.isMainBlog) ?? null;
  return {
    main: main ? toCard(main, "mainImage", context.config.imageOrigins) : null,
    others: rows.filter((blog) => blog !== main).map((blog) => toCard(blog, "subImage", context.config.imageOrigins)),
  };
}

/** Blog ids the API can hold: digits only, within the 32-bit serial range. */
const BLOG_ID = /^[1-9][0-9]{0,9}$/;

/**
 * /blogs/{id}: the blog, or `null` with the HTTP status the page answers with — 404 for
 * an id that is not a number or a blog the API does not have, 503 when the API fails. Its
 * links to the site's pages lead to those in `language`, the page's (`sanitizeContent`), and
 * its tables without a caption are named in it (`i18n`, the page's).
 */
export async function loadBlog(
  context: AppLoadContext,
  id: string | undefined,
  language: Language,
  i18n: I18n,
): Promise<{ blog: BlogView | null; status: number }> {
  if (!id || !BLOG_ID.test(id) || Number(id) > 2_147_483_647) return { blog: null, status: 404 };
  try {
    const blog = await context.api.call(blogEndpoints.get, { params: { id: Number(id) } });
    return {
      status: 200,
      blog: {
        id: blog.id,
        title: blog.title?.trim() || null,
        date: blog.date ?? null,
        category: blog.category?.trim() || null,
        tags: filledTags(blog.tag),
        image: shownImage(blog.Images?.mainImage ?? blog.Images?.subImage, context.config.imageOrigins),
        // Under the page's h1, the blog's title.
        html: sanitizeContent(blog.content, {
          language,
          publicOrigin: context.config.publicUrl,
          headingLevel: 2,
          tableLabel: i18n._(unnamedTable),
          imageSize: imageSizes(context),
          imageOrigins: context.config.imageOrigins,
        }),
        description: blog.summary?.trim() || plainTextExcerpt(blog.content),
        language: blog.language ?? null,
      },
    };
  } catch (error) {
    if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 400)) return { blog: null, status: 404 };
    context.log.warn({ err: error }, "blog failed to load");
    return { blog: null, status: 503 };
  }
}

/** Every blog's id and date, for the sitemap (up to 1000); `null` when the API fails (logged). */
export async function loadBlogSitemap(context: AppLoadContext): Promise<{ id: number; date: string | null }[] | null> {
  try {
    const { rows } = await context.api.call(blogEndpoints.listWebsite, { query: { limit: 1000, offset: 0 } });
    return rows.map((blog) => ({ id: blog.id, date: blog.date ?? null }));
  } catch (error) {
    context.log.warn({ err: error }, "sitemap blogs failed to load");
    return null;
  }
}

/**
 * /term-of-services and /privacy-policy: the document of `category` in `language` — its
 * Arabic `title.ar`/`content.ar` when both are written, else the English ones, marked so —
 * or null when the API has none (404); when the API fails the page answers 503 (`orUnavailable`).
 * `i18n` (the page's) names its tables without a caption.
 */
export async function loadLegal(
  context: AppLoadContext,
  category: TermsCategory,
  language: Language,
  i18n: I18n,
): Promise<LegalView | null> {
  try {
    const document = await context.api.call(legalEndpoints.selected, { params: { category } });
    const arabic = language === "ar" && document.title.ar && document.content.ar;
    return {
      title: (arabic ? document.title.ar : document.title.en) ?? document.title.en,
      // Under the document's title (h2), itself under the page's h1.
      html: sanitizeContent((arabic ? document.content.ar : document.content.en) ?? document.content.en, {
        language,
        publicOrigin: context.config.publicUrl,
        headingLevel: 3,
        tableLabel: i18n._(unnamedTable),
        imageSize: imageSizes(context),
        imageOrigins: context.config.imageOrigins,
      }),
      updatedAt: document.updatedAt ?? null,
      language: arabic ? "ar" : "en",
    };
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    return orUnavailable(context, category, () => Promise.reject(error));
  }
}

/**
 * /release-note: release notes (limit 1000, offset 0), newest first as the API orders them;
 * their links to the site's pages lead to those in `language`, the page's, and `i18n` (the
 * page's) names their tables without a caption.
 */
export async function loadReleaseNotes(
  context: AppLoadContext,
  language: Language,
  i18n: I18n,
): Promise<ReleaseNoteView[]> {
  return orUnavailable(context, "release notes", async () => {
    const { rows } = await context.api.call(releaseEndpoints.listNotes, { query: releasesPageQuery });
    return rows.map((note) => ({
      id: note.id,
      date: note.date ?? null,
      tag: note.tag ?? null,
      title: note.title ?? null,
      // Under the note's title (h2), or the page's h1 when it has none.
      // Each note's ids its own: the page shows them all.
      html: sanitizeContent(note.content, {
        language,
        publicOrigin: context.config.publicUrl,
        headingLevel: note.title ? 3 : 2,
        idPrefix: `c-${note.id}-`,
        tableLabel: i18n._(unnamedTable),
        imageSize: imageSizes(context),
        imageOrigins: context.config.imageOrigins,
      }),
      language: note.language ?? null,
    }));
  });
}

/**
 * /release-logs: app release logs (limit 1000, offset 0), newest first as the API orders them;
 * their links to the site's pages lead to those in `language`, the page's, and `i18n` (the
 * page's) names their tables without a caption.
 */
export async function loadReleaseLogs(
  context: AppLoadContext,
  language: Language,
  i18n: I18n,
): Promise<ReleaseLogView[]> {
  return orUnavailable(context, "release logs", async () => {
    const { rows } = await context.api.call(releaseEndpoints.listWebsiteLogs, { query: releasesPageQuery });
    return rows.map((log) => ({
      id: log.id,
      title: log.title,
      date: log.date ?? null,
      image: shownImage(log.Image, context.config.imageOrigins),
      // Under the card's heading (h3, '{product} Version {title}').
      // Each log's ids its own: the page shows them all.
      html: sanitizeContent(log.content, {
        language,
        publicOrigin: context.config.publicUrl,
        headingLevel: 4,
        idPrefix: `c-${log.id}-`,
        tableLabel: i18n._(unnamedTable),
        imageSize: imageSizes(context),
        imageOrigins: context.config.imageOrigins,
      }),
      language: log.language ?? null,
    }));
  });
}
