import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every route of SPEC §2. Routes inside the `site` layout show the top navigation and
 * the footer; the others (SPEC §2: /term-of-use, /release-note, /QR, /links,
 * /delete-account, /success) render bare. Unknown paths redirect to `/`.
 */
export default [
  layout("routes/layouts/site.tsx", [
    index("routes/home.tsx"),
    route("transport", "routes/transport.tsx"),
    route("flights", "routes/flights.tsx"),
  ]),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
