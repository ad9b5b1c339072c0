import { loadBlogSitemap } from "../lib/content.server.ts";
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
 * every blog (`/blogs/{id}` with its date as `lastmod`), as absolute addresses on
 * `publicUrl`, including /delete-account (app stores ask for a findable deletion page).
 * /success and invoice pages are left out (a step of a flow; private links).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.config.publicUrl;
  const blogs = await loadBlogSitemap(context);
  const entries = [
    ...staticPaths.map((path) => ({ loc: `${origin}${path}`, lastmod: null as string | null })),
    { loc: `${origin}/${context.config.productName}-App`, lastmod: null },
    ...blogs.map((blog) => ({ loc: `${origin}/blogs/${blog.id}`, lastmod: blog.date?.slice(0, 10) ?? null })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
