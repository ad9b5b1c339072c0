import { pageRulesOf } from "@khayl/contract/page-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MetaDescriptor } from "react-router";
import { type Language, languages, localizedPath, unlocalizedPath } from "./i18n/language.ts";
import { i18nFromMatches, languageFromMatches } from "./i18n/lingui.tsx";

/** The document title of a page: '{page} | {company}'. */
export function pageTitle(page: string, company: string | undefined): string {
  return company ? `${page} | ${company}` : page;
}

type Matches = ReadonlyArray<{ id: string; pathname?: string; data?: unknown; handle?: unknown } | undefined>;

/** The site's description (root meta and home), naming the company. */
export function siteDescription(company: string): MessageDescriptor {
  return msg`${company}: horse transport to shows and clinics across the UAE, and international horse shipping by air.`;
}

/** Open Graph locales of the two languages. */
const ogLocale: Record<Language, string> = { en: "en_AE", ar: "ar_AE" };

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

/** The share image of pages without a raster image of their own: 1200 × 630 px PNG. */
const defaultShareImage = { path: "/images/og-default.png", width: 1200, height: 630 } as const;

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

/** A schema.org object as React Router's `script:ld+json` meta descriptor takes it (JSON values only). */
export type JsonLdObject = Exclude<Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"], unknown[]>;

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
  /**
   * The page's path without its language prefix, when it is not the matched path as
   * written (e.g. `/blogs/1` for a visit to `/Blogs/1`): canonical and alternate links use it.
   */
  canonicalPath?: string;
  /**
   * The page's schema.org objects (product §2; built by its loader with `lib/json-ld.server.ts`),
   * each written by React Router as an escaped `<script type="application/ld+json">` in the head.
   */
  jsonLd?: readonly JsonLdObject[];
}

/**
 * The head of a page (product §2 routes): `<title>`, the description, the canonical link,
 * its English and Arabic alternates (`hreflang` en, ar and x-default: English), and the Open
 * Graph and Twitter card tags that make a shared link show a title, text and a 1200 × 630
 * image in the page's language. URLs are made absolute with the site's public URL (config
 * `PUBLIC_URL`), as canonical links and the card formats require. A route's `meta`
 * replaces the root's, so every route returns this whole set. A private page (its route
 * declares `private`: the URL holds the token that opens it, decision 019) is `noindex` and
 * names no URL of its own: no canonical link, no alternates, no `og:url`.
 */
export function pageMeta(
  matches: Matches,
  { title, documentTitle, description, image, type = "website", canonicalPath, jsonLd = [] }: PageMetaOptions,
): MetaDescriptor[] {
  const config = rootConfig(matches);
  const company = config?.companyName;
  const publicUrl = config?.publicUrl ?? "";
  const language = languageFromMatches(matches);
  const share =
    image && isShareableImage(image.url)
      ? image
      : {
          url: defaultShareImage.path,
          alt: i18nFromMatches(matches)._(msg`A horse truck with three horses on board on a desert road`),
          width: defaultShareImage.width,
          height: defaultShareImage.height,
        };
  const path = canonicalPath ?? unlocalizedPath(matches.at(-1)?.pathname ?? "/");
  const urlIn = (lang: Language) => `${publicUrl}${localizedPath(path, lang)}`;
  const imageUrl = publicUrl ? new URL(share.url, `${publicUrl}/`).toString() : share.url;
  const secretUrl = pageRulesOf(matches.map((match) => match?.handle)).private;
  const addresses: MetaDescriptor[] = secretUrl
    ? []
    : [
        { tagName: "link", rel: "canonical", href: urlIn(language) },
        ...languages.map((lang) => ({ tagName: "link", rel: "alternate", hrefLang: lang, href: urlIn(lang) })),
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlIn("en") },
        { property: "og:url", content: urlIn(language) },
      ];
  const tags: MetaDescriptor[] = [
    { title: documentTitle ?? pageTitle(title, company) },
    { name: "description", content: description },
    ...addresses,
    { property: "og:locale", content: ogLocale[language] },
    ...languages
      .filter((lang) => lang !== language)
      .map((lang) => ({ property: "og:locale:alternate", content: ogLocale[lang] })),
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
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  );
  return tags;
}
