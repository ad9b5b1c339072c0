import { existsSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { errorEnvelope } from "@khayl/contract/envelope";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface StaticFilesOptions {
  /** The web build's browser files (`<webBuildDir>/client`); none are served when it is missing. */
  clientDir: string;
  /** `npm run dev`: Vite serves the files, this plugin only compresses. */
  dev: boolean;
}

/**
 * The images and icons outside `/assets/` (`/images/…`, the favicons, the touch icon): public
 * files others embed, so `Cross-Origin-Resource-Policy: cross-origin` rather than helmet's
 * `same-origin` for them (scripts, styles and fonts stay same-origin).
 */
const EMBEDDABLE = /^\/(?!assets\/)[^?]*\.(png|svg|ico|jpe?g|webp|avif|gif)$/i;

/** Where the web build's content-hashed files live, as a path of the site. */
const HASHED_ASSETS = "/assets/";

/**
 * Compression (gzip, answers of 1 KiB or more, every route) and the web build's files:
 * precompressed copies when the build wrote them, `Cache-Control` of a year and
 * `immutable` for the content-hashed files under `/assets/`, a day (and a week stale
 * while revalidating) for the rest (images, icons may change with a deploy). A hashed
 * asset that is not in this build (e.g. a stale tab after a deploy) is a 404 in the
 * envelope, not the catch-all page's redirect to `/`: the browser expects a script or a style.
 * Images and icons outside `/assets/` may be embedded by other sites (`EMBEDDABLE`).
 * A file's path with a trailing slash (`/favicon.ico/`, which the router's ignored trailing
 * slash would match to the file) names no file: 404 in the envelope, so that no cache keeps a
 * second copy of a file under another URL.
 */
export const staticFiles = fp<StaticFilesOptions>(
  async (app: FastifyInstance, { clientDir, dev }) => {
    await app.register(compress, { global: true, encodings: ["gzip"], threshold: 1024 });
    if (!dev && existsSync(clientDir)) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        preCompressed: true,
        allowedPath: (_path, _root, request) => !(request?.url ?? "").split("?", 1)[0]?.endsWith("/"),
        setHeaders(res, filePath) {
          const rel = `/${path.relative(clientDir, filePath).split(path.sep).join("/")}`;
          res.header(
            "cache-control",
            rel.startsWith(HASHED_ASSETS)
              ? "public, max-age=31536000, immutable"
              : "public, max-age=86400, stale-while-revalidate=604800",
          );
          // The site's images and icons are meant to be shown elsewhere: a shared link's card
          // (og:image) by a client that loads it itself, the Organization's logo, a bookmark.
          if (EMBEDDABLE.test(rel)) res.header("cross-origin-resource-policy", "cross-origin");
        },
      });
    }
  },
  { name: "static-files" },
);

/**
 * The 404 of a hashed asset this build does not have (registered after the API, as before
 * the split), never kept by a cache: during a rolling deploy an instance of the old build is
 * asked for the new build's assets, and a CDN keeping that 404 would break the new pages.
 */
export const missingAssets = fp(
  async (app: FastifyInstance) => {
    app.get(`${HASHED_ASSETS}*`, async (request, reply) =>
      reply
        .code(404)
        .header("cache-control", "no-store")
        .send(errorEnvelope(404, `Route GET:${request.url.split("?")[0]} not found`)),
    );
  },
  { name: "missing-assets" },
);
