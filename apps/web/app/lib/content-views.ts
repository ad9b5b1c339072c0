import type { SafeHtml } from "./safe-html.ts";

/**
 * The language an item's texts came in from the API (decision 016), or null when the API did
 * not say: an English item on an Arabic page is marked `lang="en"` (`useContentLang`).
 */
type ContentLanguage = "en" | "ar" | null;

/**
 * What the content pages receive from their loaders (`content.server.ts`): only the
 * fields they show, dates as ISO-8601 UTC strings (formatted in Asia/Dubai on screen),
 * HTML already sanitised.
 */

/** A blog card (product §2): title (null → 'Untitled' on screen), ISO date, first tag, one image. */
export interface BlogCardView {
  id: number;
  title: string | null;
  date: string | null;
  tag: string | null;
  image: string | null;
  language: ContentLanguage;
}

/** The blog detail page: main image, category, title, date and sanitised content. */
export interface BlogView {
  id: number;
  title: string | null;
  date: string | null;
  category: string | null;
  tags: string[];
  image: string | null;
  html: SafeHtml;
  /** Plain-text description for meta tags: the summary, else the start of the content. */
  description: string;
  language: ContentLanguage;
}

export interface LegalView {
  title: string;
  html: SafeHtml;
  updatedAt: string | null;
  language: ContentLanguage;
}

export interface ReleaseNoteView {
  id: number;
  date: string | null;
  tag: string | null;
  title: string | null;
  html: SafeHtml;
  language: ContentLanguage;
}

export interface ReleaseLogView {
  id: number;
  title: string;
  date: string | null;
  image: string | null;
  html: SafeHtml;
  language: ContentLanguage;
}
