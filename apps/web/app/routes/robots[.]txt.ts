import type { Route } from "./+types/robots[.]txt";

/**
 * /robots.txt: every page may be crawled (all routes are public, product §2), and the
 * sitemap lives at `{publicUrl}/sitemap.xml` (an absolute address, as the robots
 * standard requires).
 */
export function loader({ context }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${context.config.publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
