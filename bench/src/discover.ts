import { parseEnv } from "@khayl/config/env";
import type { CliOptions } from "./cli.ts";
import { httpGet } from "./http.ts";
import { quickRoutes, type RouteContext, specRoutes } from "./routes.ts";
import type { ServerHandle } from "./server.ts";

/** A blog id from the blogs API, or why there is none (the API may not be merged yet). */
async function discoverBlogId(origin: string): Promise<RouteContext["blogId"]> {
  const url = `${origin}/api/v1/blog/getWebsiteBlogs?limit=1&offset=0`;
  try {
    const answer = await httpGet(url, { accept: "application/json", language: "en" });
    if (answer.status === 404)
      return { missing: "GET /api/v1/blog/getWebsiteBlogs answers 404 (the blogs API is not merged yet)" };
    if (answer.status !== 200) return { missing: `GET /api/v1/blog/getWebsiteBlogs answers ${answer.status}` };
    const id = (JSON.parse(answer.body.toString("utf8")) as { data?: { rows?: { id?: unknown }[] } }).data?.rows?.[0]
      ?.id;
    return typeof id === "number" ? id : { missing: "GET /api/v1/blog/getWebsiteBlogs lists no blog" };
  } catch (error) {
    return { missing: `GET /api/v1/blog/getWebsiteBlogs failed: ${(error as Error).message}` };
  }
}

/** The id of the first row of an API list (`path` with its query), or why there is none. */
async function discoverFirstId(origin: string, path: string): Promise<number | { missing: string }> {
  try {
    const answer = await httpGet(`${origin}${path}`, { accept: "application/json", language: "en" });
    if (answer.status !== 200) return { missing: `GET ${path} answers ${answer.status}` };
    const id = (JSON.parse(answer.body.toString("utf8")) as { data?: { rows?: { id?: unknown }[] } }).data?.rows?.[0]
      ?.id;
    return typeof id === "number" ? id : { missing: `GET ${path} lists nothing` };
  } catch (error) {
    return { missing: `GET ${path} failed: ${(error as Error).message}` };
  }
}

/** The ids and paths the product §2 route patterns need, read from a running server. */
export async function routeContext(server: ServerHandle): Promise<RouteContext> {
  // The start-up line with the invoice link may come just after the server starts answering.
  await new Promise((r) => setTimeout(r, 1000));
  const invoice = server.invoicePath();
  return {
    product: parseEnv({ PRODUCT_NAME: process.env.PRODUCT_NAME }).PRODUCT_NAME,
    blogId: await discoverBlogId(server.origin),
    showId: await discoverFirstId(server.origin, "/api/v1/event-services/website?limit=1&offset=0&showOnWebsite=true"),
    flightId: await discoverFirstId(
      server.origin,
      "/api/v1/selective-services/website?limit=1&offset=0&showOnWebsite=true&type=import",
    ),
    invoicePath: invoice ?? {
      missing:
        "the server printed no `Invoice: <url>` line and wrote no DATA_DIR/demo-invoice-url.txt " +
        "(the invoice page is not merged yet)",
    },
  };
}

/** The route patterns the run measures (`--routes`, `--quick`'s few, or all), checked against product §2's list. */
export function selectedRoutes(options: CliOptions): string[] {
  const chosen = options.routes ?? (options.quick ? [...quickRoutes] : [...specRoutes]);
  const unknown = chosen.filter((r) => !(specRoutes as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`Unknown route(s) ${unknown.join(", ")}; known: ${specRoutes.join(" ")}`);
  return chosen;
}
