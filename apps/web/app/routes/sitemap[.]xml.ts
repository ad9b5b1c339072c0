import { dubaiIsoDate } from "@khayl/contract/dubai-days";
import { loadBlogSitemap } from "../lib/content.server.ts";
import { languages, localizedPath } from "../lib/i18n/language.ts";
import { loadWebsiteFlights, loadWebsiteShows } from "../lib/trips.server.ts";
import { flightPath, showPath } from "../lib/trips.ts";
import type { Route } from "./+types/sitemap[.]xml";

/** Public pages worth indexing (product §2), besides the blogs and the `/{product}-App` page. */
const staticPaths = [
  "/",
  "/transport",
  "/flights",
  "/blogs",
  "/aboutus",
  "/contact-us",
  "/release-logs",
  "/release-note",
  "/privacy-policy",
  "/term-of-services",
  "/term-of-use",
  "/QR",
  "/links",
  "/delete-account",
];

/**
 * The answer while the API cannot give the blogs, shows or flights: a failed fetch, not a
 * shorter sitemap. A crawler fetches a sitemap on its own schedule, whatever its max-age,
 * and takes a 200 as the site's whole list until its next fetch, often days later; a 503
 * is a failed fetch, which it retries (`retry-after`, seconds) while it keeps what it
 * learned before. `no-store`: no cache in front keeps the failure either (as the pages'
 * 503 and the calendar feeds', product §8).
 */
const UNAVAILABLE: ResponseInit = {
  status: 503,
  headers: { "retry-after": "300", "cache-control": "no-store" },
};

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * /sitemap.xml (named by robots.txt): the public pages, the `/{product}-App` page and
 * every blog (`/blogs/{id}` with its date as `lastmod`), every show and flight of the website
 * (`/transport/{id}`, `/flights/{id}`: product §2), as absolute addresses on
 * `publicUrl`, including /delete-account (app stores ask for a findable deletion page).
 * Each page is listed in English and in Arabic (under /ar), and each entry names both
 * versions and the default (`xhtml:link` alternates, as the pages' hreflang links do).
 * /success and invoice pages are left out (a step of a flow; private links).
 * When the API fails for any of its lists: 503, `retry-after`, never kept (`UNAVAILABLE`).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.config.publicUrl;
  const [blogs, shows, flights] = await Promise.all([
    loadBlogSitemap(context),
    loadWebsiteShows(context),
    loadWebsiteFlights(context),
  ]);
  if (!blogs || !shows || !flights) return new Response(null, UNAVAILABLE);
  const pages = [
    ...staticPaths.map((path) => ({ path, lastmod: null as string | null })),
    { path: `/${context.config.productName}-App`, lastmod: null },
    // The day the blog's page shows: all dates are Asia/Dubai's (product §9).
    ...blogs.map((blog) => ({
      path: `/blogs/${blog.id}`,
      lastmod: blog.date ? dubaiIsoDate(new Date(blog.date)) : null,
    })),
    ...shows.map((show) => ({ path: showPath(show.id), lastmod: null })),
    ...flights.map((flight) => ({ path: flightPath(flight.id), lastmod: null })),
  ];
  const url = (path: string, language: (typeof languages)[number]) =>
    escapeXml(`${origin}${localizedPath(path, language)}`);
  const alternates = (path: string) =>
    [
      ...languages.map(
        (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${url(path, language)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, "en")}"/>`,
    ].join("");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.flatMap((page) =>
      languages.map(
        (language) =>
          `  <url><loc>${url(page.path, language)}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ""}` +
          `${alternates(page.path)}</url>`,
      ),
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
