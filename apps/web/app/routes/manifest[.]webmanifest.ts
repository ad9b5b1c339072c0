import type { Route } from "./+types/manifest[.]webmanifest";

/**
 * /manifest.webmanifest: the web app manifest linked from the root. Names come from
 * configuration (company and product); the icons are the drawn SVGs in /images with
 * PNG renderings of the same art (192 and 512 px) for launchers that take no SVG. The
 * mark sits inside the maskable safe zone.
 */
export function loader({ context }: Route.LoaderArgs) {
  const manifest = {
    name: context.config.companyName,
    short_name: context.config.productName,
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "en",
    dir: "ltr",
    background_color: "#ffffff",
    theme_color: "#0b4a36",
    icons: [
      { src: "/images/icon-192.svg", sizes: "192x192", type: "image/svg+xml", purpose: "any" },
      { src: "/images/icon-512.svg", sizes: "512x512", type: "image/svg+xml", purpose: "any maskable" },
      { src: "/images/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/images/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
