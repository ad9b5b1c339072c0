import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { floorPage } from "../../../bench/src/floor.ts";
import { resolveRoute, specRoutes } from "../../../bench/src/routes.ts";
import { checkHtmlFiles, javaMajorVersion, REQUIRED_JAVA } from "../../../e2e/html-checker.ts";
import { readable } from "./page-html.ts";
import { PUBLIC_URL, pageHost } from "./server-html-testing.ts";
import { mailedAlertToken } from "./testing.ts";

/**
 * What every page's server HTML says before any script runs, read from the one process as
 * `npm start` runs it (production web build, in-process API, `app.inject`), with no
 * browser: the W3C Nu HTML Checker's verdict (the head's title, description and share card:
 * pages-head.api.test.ts; conventions: a check at the cheapest level that sees it; the
 * browser specs keep the journeys and axe). Rendering does not depend on the database: this file runs on PGlite.
 */
const site = pageHost("pages");
const { getJson } = site;

type Rows = { data: { rows: { id: number }[] } };

/** A demo invoice's page, paid or unpaid, as the demo's start-up seeds them. */
async function invoicePath(status: "paid" | "unpaid"): Promise<string> {
  // Only the seeding learns the links: the database keeps their hashes (architecture §3.8).
  const link = site.host.seeded?.invoiceLinks.find((invoice) => invoice.status === status);
  if (!link) throw new Error(`no ${status} demo invoice`);
  return `/invoice/${link.hash}`;
}

/** An alert link's token (decision 028), as a subscriber gets it: from the confirmation mail. */
const alertToken = () => mailedAlertToken(site, "html-check@example.com", "10.77.0.1");

/** Language prefixes: every route in English and under `/ar` in Arabic (decision 016). */
const languagePrefixes = ["", "/ar"] as const;

/** Routes, relative to a language prefix, whose server HTML differs from their plain route's. */
function extraStates(invoice: { unpaid: string; paid: string }, alert: string): string[] {
  return [
    `/alerts/confirm/${alert}`,
    `/alerts/manage/${alert}`,
    "/alerts/manage/0.not-a-token",
    "/transport?discipline=dressage",
    "/flights?type=import",
    `${invoice.unpaid}?step=2&method=card`,
    `${invoice.unpaid}?step=3&method=card`,
    `${invoice.unpaid}?step=3&method=apple-pay`,
    invoice.paid,
    `/invoice/${"A".repeat(43)}`,
    "/no-such-page",
    "/transport/999999",
  ];
}

/** The page at `url` after its redirects, as a browser or Playwright's `request` reads it. */
async function followed(url: string) {
  let response = await site.host.app.inject(url);
  for (let hops = 0; hops < 5 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    const location = new URL(String(response.headers.location), PUBLIC_URL);
    response = await site.host.app.inject(`${location.pathname}${location.search}`);
  }
  return response;
}

/** `/ar` + `/` is `/ar`; `""` + `/` is `/`. */
const withPrefix = (prefix: string, route: string) => (prefix && route === "/" ? prefix : `${prefix}${route}`);

/**
 * Every route's server HTML is valid HTML by the W3C Nu HTML Checker (conventions): zero
 * errors and zero warnings. The routes are product §2's list as the bench measures it
 * (`bench/src/routes.ts`), made concrete from the server's data, plus the pages whose HTML
 * differs by their query or data, and the bench's floor page (`bench/src/floor.ts`). About
 * 10 s, most of it the checker's Java start.
 */
test("slow: every route's server HTML passes the Nu HTML Checker, in English and Arabic", async (context) => {
  const java = javaMajorVersion();
  const missing =
    `The Nu HTML Checker needs Java ${REQUIRED_JAVA} or later on the PATH (\`java -version\`): ` +
    `found ${java === null ? "none" : `Java ${java}`}. Install a JRE (Debian: default-jre-headless).`;
  if (java === null || java < REQUIRED_JAVA) {
    // In CI the check must run; on a workstation without Java it says why it was skipped.
    if (process.env.CI) throw new Error(missing);
    console.warn(`pages.api.test.ts: HTML check skipped: ${missing}`);
    context.skip(missing);
  }
  const configuration = await getJson<{ data: { productName: string } }>("/api/v1/configurations/");
  const blogs = await getJson<Rows>("/api/v1/blog/getWebsiteBlogs?limit=1&offset=0");
  const shows = await getJson<Rows>("/api/v1/event-services/website?limit=1&offset=0&showOnWebsite=true");
  const flights = await getJson<Rows>(
    "/api/v1/selective-services/website?limit=1&offset=0&showOnWebsite=true&type=export",
  );
  const invoice = { unpaid: await invoicePath("unpaid"), paid: await invoicePath("paid") };
  const routeContext = {
    product: configuration.data.productName,
    blogId: blogs.data.rows[0]?.id ?? { missing: "no blog" },
    showId: shows.data.rows[0]?.id ?? { missing: "no show" },
    flightId: flights.data.rows[0]?.id ?? { missing: "no flight" },
    invoicePath: invoice.unpaid,
  };
  const routes = [
    ...specRoutes.map((route) => {
      const resolved = resolveRoute(route, routeContext);
      if ("skipped" in resolved) throw new Error(`${route}: ${resolved.skipped}`);
      return resolved.path;
    }),
    ...extraStates(invoice, await alertToken()),
  ];

  const folder = await mkdtemp(path.join(os.tmpdir(), "khayl-html-"));
  try {
    const pages = new Map<string, string>();
    for (const prefix of languagePrefixes) {
      for (const route of routes) {
        const page = withPrefix(prefix, route);
        const response = await followed(page);
        expect(response.headers["content-type"], page).toMatch(/^text\/html/);
        const file = `page-${pages.size + 1}.html`;
        await writeFile(path.join(folder, file), response.rawPayload);
        pages.set(file, page);
      }
    }
    // The bench's floor page (decision 024) too, in the same Java start: it must be valid to be a floor.
    await writeFile(path.join(folder, "floor.html"), floorPage());
    pages.set("floor.html", "the bench's floor page");
    const messages = await checkHtmlFiles([...pages.keys()].map((file) => path.join(folder, file)));
    expect(readable(messages, pages)).toEqual([]);
    // Every page was read by the checker (a page it could not read would be a non-document error above).
    expect(pages.size).toBe(languagePrefixes.length * routes.length + 1);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 180_000);
