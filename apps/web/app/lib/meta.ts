import type { MetaDescriptor } from "react-router";
import { catalogueFor } from "./i18n/index.ts";

/** The document title of a page: '{page} | {company}'. */
export function pageTitle(page: string, company: string | undefined): string {
  return company ? `${page} | ${company}` : page;
}

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The root loader's public config as seen from a route's `meta` (the root match). */
function rootConfig(matches: Matches): { companyName?: string; productName?: string; publicUrl?: string } | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { config?: { companyName?: string; productName?: string; publicUrl?: string } }
    | undefined;
  return root?.config;
}

/** The company name from the root loader's config, for a route's `meta`. */
export function companyFromMatches(matches: Matches): string | undefined {
  return rootConfig(matches)?.companyName;
}

/** The product (app) name from the root loader's config, for a route's `meta`. */
export function productFromMatches(matches: Matches): string | undefined {
  return rootConfig(matches)?.productName;
}

/** The site's public origin (config `PUBLIC_URL`, no trailing slash), for a route's `meta`. */
export function publicUrlFromMatches(matches: Matches): string | undefined {
  return rootConfig(matches)?.publicUrl;
}

/** The share image of pages without a raster image of their own: 1200 × 630 px PNG. */
export const defaultShareImage = { path: "/images/og-default.png", width: 1200, height: 630 } as const;

/**
 * Whether social networks can show an image: Facebook, X, LinkedIn and WhatsApp previews
 * take JPEG, PNG, WebP or GIF, not SVG (judged by the URL's extension).
 */
export function isShareableImage(url: string): boolean {
  // try/catch rather than URL.canParse, which Safari before 17 lacks (meta runs in the browser too).
  try {
    return /\.(png|jpe?g|webp|gif)$/i.test(new URL(url, "http://x").pathname);
  } catch {
    return false;
  }
}

export interface PageMetaOptions {
  /** The page's own name; the document title becomes '{title} | {company}' unless `documentTitle` is given. */
  title: string;
  /** The full document title when it is not '{title} | {company}'. */
  documentTitle?: string;
  /** The meta description (also the card's). */
  description: string;
  /** A raster image of the page (absolute, or a path on this site) with its alt text; else the default. */
  image?: { url: string; alt: string; width?: number; height?: number };
  /** `website` (default) or `article`. */
  type?: "website" | "article";
}

/**
 * The head of a page (product §2 routes): `<title>`, the description, and the Open Graph and
 * Twitter card tags that make a shared link show a title, text and a 1200 × 630 image.
 * Image URLs are made absolute with the site's public URL (config `PUBLIC_URL`), as the
 * card formats require. A route's `meta` replaces the root's, so every route returns
 * this whole set.
 */
export function pageMeta(
  matches: Matches,
  { title, documentTitle, description, image, type = "website" }: PageMetaOptions,
): MetaDescriptor[] {
  const config = rootConfig(matches);
  const company = config?.companyName;
  const publicUrl = config?.publicUrl;
  const share =
    image && isShareableImage(image.url)
      ? image
      : {
          url: defaultShareImage.path,
          alt: catalogueFor().meta.shareImageAlt,
          width: defaultShareImage.width,
          height: defaultShareImage.height,
        };
  const imageUrl = publicUrl ? new URL(share.url, `${publicUrl}/`).toString() : share.url;
  const tags: MetaDescriptor[] = [
    { title: documentTitle ?? pageTitle(title, company) },
    { name: "description", content: description },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: share.alt },
  ];
  if (company) tags.push({ property: "og:site_name", content: company });
  if (share.width && share.height) {
    tags.push(
      { property: "og:image:width", content: String(share.width) },
      { property: "og:image:height", content: String(share.height) },
    );
  }
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: share.alt },
  );
  return tags;
}
