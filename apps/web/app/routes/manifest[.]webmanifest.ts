import { companyNameIn } from "../lib/config.ts";
import { directionOf, languageOfRequest, localizedPath } from "../lib/i18n/language.ts";
import type { Route } from "./+types/manifest[.]webmanifest";

/**
 * /manifest.webmanifest and /ar/manifest.webmanifest: the web app manifest each page links in
 * its language (decision 016). Names come from configuration (the company in the manifest's
 * language, `COMPANY_NAME_AR` for Arabic, and the product); an installed Arabic site starts
 * at /ar, right to left. The icons are the drawn SVGs in /images with PNG renderings of the
 * same art (192 and 512 px) for launchers that take no SVG. The mark sits inside the
 * maskable safe zone.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const language = languageOfRequest(request);
  const manifest = {
    name: companyNameIn(context.config, language),
    short_name: context.config.productName,
    start_url: localizedPath("/", language),
    scope: "/",
    display: "standalone",
    lang: language,
    dir: directionOf(language),
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
