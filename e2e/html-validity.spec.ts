import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { resolveRoute, specRoutes } from "../bench/src/routes.ts";
import { type CheckerMessage, checkHtmlFiles, javaMajorVersion, REQUIRED_JAVA } from "./html-checker.ts";

/**
 * Every route's server HTML is valid HTML by the W3C Nu HTML Checker (conventions): zero errors
 * and zero warnings. The pages are what the server sends (before any script runs), fetched
 * from the production build like the other specs.
 *
 * The routes are product §2's list as the bench measures it (`bench/src/routes.ts`), made
 * concrete from the running server; `extraStates` adds pages whose server HTML differs by
 * their query or data. Every route is checked in English and under `/ar` in Arabic
 * (decision 016).
 */
const languagePrefixes = ["", "/ar"] as const;

/** Routes, relative to a language prefix, whose server HTML differs from their plain route's. */
function extraStates(invoice: { unpaid: string; paid: string }): string[] {
  return [
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

/** A demo invoice as the server lists it in DATA_DIR/demo-invoices.json at start-up (see invoice.spec.ts). */
interface DemoInvoice {
  refNumber: string;
  status: "paid" | "unpaid";
  hash: string;
}

async function demoInvoicePaths(): Promise<{ unpaid: string; paid: string }> {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "demo-invoices.json");
  const invoices = JSON.parse(await readFile(file, "utf8")) as DemoInvoice[];
  const pathOf = (status: DemoInvoice["status"]) => {
    const invoice = invoices.find((i) => i.status === status);
    if (!invoice) throw new Error(`no ${status} demo invoice in ${file}`);
    return `/invoice/${invoice.hash}`;
  };
  return { unpaid: pathOf("unpaid"), paid: pathOf("paid") };
}

/** `/ar` + `/` is `/ar`; `""` + `/` is `/`. */
const withPrefix = (prefix: string, route: string) => (prefix && route === "/" ? prefix : `${prefix}${route}`);

/** `file.html: line N: message [extract]`, one per line, for a readable failure. */
function readable(messages: CheckerMessage[], pages: Map<string, string>): string[] {
  return messages.map((m) => {
    const page = pages.get(path.basename(new URL(m.url).pathname)) ?? m.url;
    const where = m.lastLine ? `line ${m.lastLine}` : "document";
    return `${page} (${where}): ${m.subType ?? m.type}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`;
  });
}

test("every route's server HTML passes the Nu HTML Checker", async ({ request }) => {
  test.setTimeout(180_000);
  const java = javaMajorVersion();
  const missing =
    `The Nu HTML Checker needs Java ${REQUIRED_JAVA} or later on the PATH (\`java -version\`): ` +
    `found ${java === null ? "none" : `Java ${java}`}. Install a JRE (Debian: default-jre-headless).`;
  if (java === null || java < REQUIRED_JAVA) {
    // In CI the check must run; on a workstation without Java it says why it was skipped.
    if (process.env.CI) throw new Error(missing);
    console.warn(`html-validity.spec.ts skipped: ${missing}`);
    test.skip(true, missing);
  }

  const configuration = await (await request.get("/api/v1/configurations/")).json();
  const blogs = await (await request.get("/api/v1/blog/getWebsiteBlogs?limit=1&offset=0")).json();
  const shows = await (await request.get("/api/v1/event-services/website?limit=1&offset=0&showOnWebsite=true")).json();
  const flights = await (
    await request.get("/api/v1/selective-services/website?limit=1&offset=0&showOnWebsite=true&type=export")
  ).json();
  const invoice = await demoInvoicePaths();
  const context = {
    product: configuration.data.productName,
    blogId: blogs.data.rows[0].id,
    showId: shows.data.rows[0].id,
    flightId: flights.data.rows[0].id,
    invoicePath: invoice.unpaid,
  };
  const routes = [
    ...specRoutes.map((route) => {
      const resolved = resolveRoute(route, context);
      if ("skipped" in resolved) throw new Error(`${route}: ${resolved.skipped}`);
      return resolved.path;
    }),
    ...extraStates(invoice),
  ];

  const folder = await mkdtemp(path.join(os.tmpdir(), "khayl-html-"));
  try {
    const pages = new Map<string, string>();
    for (const prefix of languagePrefixes) {
      for (const route of routes) {
        const page = withPrefix(prefix, route);
        const response = await request.get(page);
        expect(response.headers()["content-type"], page).toMatch(/^text\/html/);
        const file = `page-${pages.size + 1}.html`;
        await writeFile(path.join(folder, file), await response.body());
        pages.set(file, page);
      }
    }
    const messages = await checkHtmlFiles([...pages.keys()].map((file) => path.join(folder, file)));
    expect(readable(messages, pages)).toEqual([]);
    // Every page was read by the checker (a page it could not read would be a non-document error above).
    expect(pages.size).toBe(languagePrefixes.length * routes.length);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
