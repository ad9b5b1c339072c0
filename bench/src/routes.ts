/**
 * The one list of what the bench measures (product §2 routes, the throughput targets and
 * the scale pages). Dynamic routes are resolved at run time from the running server:
 * `{product}` from the configuration (PRODUCT_NAME, default Khayl), `{id}` from
 * `GET /api/v1/blog/getWebsiteBlogs`, `{showId}` and `{flightId}` from the shows and flights
 * lists of the API, `{hash}` from the `Invoice: <url>` start-up line
 * or `DATA_DIR/demo-invoice-url.txt`. A route that cannot be resolved is skipped with
 * the reason in the results.
 */
export const specRoutes = [
  "/",
  "/transport",
  "/flights",
  "/aboutus",
  "/{product}-App",
  "/privacy-policy",
  "/contact-us",
  "/blogs",
  "/blogs/{id}",
  "/term-of-services",
  "/term-of-use",
  "/release-note",
  "/release-logs",
  "/QR",
  "/links",
  "/delete-account",
  "/success",
  "/invoice/{hash}",
  // Product §2, show and flight pages: one show's and one flight's own page.
  "/transport/{showId}",
  "/flights/{flightId}",
] as const;

/** `--quick` measures only these. */
export const quickRoutes: readonly string[] = ["/", "/transport", "/flights"];

/** What the server told us about its demo data; `null` = not available (not merged yet, or none). */
export interface RouteContext {
  product: string;
  /** A blog id, or why there is none. */
  blogId: number | { missing: string };
  /** The id of a show on the website (`/transport/{id}`), or why there is none. */
  showId: number | { missing: string };
  /** The id of an Import or Export flight on the website (`/flights/{id}`), or why there is none. */
  flightId: number | { missing: string };
  /** The demo invoice path (`/invoice/<hash>`), or why there is none. */
  invoicePath: string | { missing: string };
}

/** A product §2 pattern made concrete: the path to load, or why it is skipped. */
export function resolveRoute(route: string, context: RouteContext): { path: string } | { skipped: string } {
  if (route.includes("{product}")) return { path: route.replace("{product}", context.product) };
  for (const [token, value] of [
    ["{showId}", context.showId],
    ["{flightId}", context.flightId],
  ] as const) {
    if (route.includes(token))
      return typeof value === "number" ? { path: route.replace(token, String(value)) } : { skipped: value.missing };
  }
  if (route.includes("{id}")) {
    return typeof context.blogId === "number"
      ? { path: route.replace("{id}", String(context.blogId)) }
      : { skipped: context.blogId.missing };
  }
  if (route.includes("{hash}")) {
    return typeof context.invoicePath === "string"
      ? { path: context.invoicePath }
      : { skipped: context.invoicePath.missing };
  }
  return { path: route };
}

/** The Arabic twin of an English path (decision 016: Arabic lives under `/ar`). */
export function arabicPath(englishPath: string): string {
  return englishPath === "/" ? "/ar" : `/ar${englishPath}`;
}

/**
 * Throughput targets (issues 6 and 14): pages with 1 000 flights seeded, one blog, in
 * English and Arabic, and one API list call; each with the name its captured bytes have
 * on the bare static server. `page` targets are served by the page cache, so they are
 * also measured cold (rendered every time); the API has no page cache.
 */
export const throughputTargets: readonly { target: string; route: string; bare: string; page: boolean }[] = [
  { target: "/", route: "/", bare: "home", page: true },
  { target: "/transport", route: "/transport", bare: "transport", page: true },
  { target: "/flights", route: "/flights", bare: "flights", page: true },
  { target: "/blogs/{id}", route: "/blogs/{id}", bare: "blog", page: true },
  { target: "/ar", route: "/ar", bare: "ar-home", page: true },
  { target: "/ar/flights", route: "/ar/flights", bare: "ar-flights", page: true },
  { target: "/ar/blogs/{id}", route: "/ar/blogs/{id}", bare: "ar-blog", page: true },
  {
    target: "API flights list",
    route: "/api/v1/selective-services/website?limit=100&offset=0",
    bare: "selective-services",
    page: false,
  },
];

/**
 * Scale pages and the API call each one makes (product §7 query shapes), to count the cards
 * shown and to time the data part of the render.
 */
export const scalePages: readonly { page: string; api: string; filter?: (row: { type?: string }) => boolean }[] = [
  {
    page: "/flights",
    api: "/api/v1/selective-services/website?limit=1000&offset=0",
    filter: (row) => row.type === "Import" || row.type === "Export",
  },
  { page: "/transport", api: "/api/v1/event-services/website?limit=100&offset=0&showOnWebsite=true" },
];

/**
 * The demo invoice path from a server output line: `Invoice: <url>` printed plainly or
 * inside a JSON log line. Answers the path and query (`/invoice/<hash>`), or `null`.
 */
export function parseInvoiceLine(line: string): string | null {
  const found = /Invoice:\s*((?:https?:\/\/[^\s"'\\]+)|(?:\/invoice\/[^\s"'\\]+))/.exec(line)?.[1];
  if (!found) return null;
  try {
    const url = new URL(found, "http://localhost");
    return url.pathname.startsWith("/invoice/") ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}
