import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type DemoInvoice, expectNoCspViolations } from "./demo-invoices.ts";
import { waitForHydration } from "./fixtures.ts";

/**
 * Analytics as a visitor's browser runs it (product §2, architecture §3.9): on the second
 * server of `playwright.config.ts`, started with `GA_MEASUREMENT_ID=G-TEST123`, every page
 * load but an invoice's, in either language, loads gtag.js once, after the page, under the
 * page's own CSP, and configures one page view, which gtag.js sends with the page's path and
 * query. Google cannot be reached here: its answer is an empty script, and the page view is
 * what the page hands it (`dataLayer`). The server's side (the `data-ga` attribute, the CSP's
 * host) is page-rules.api.test.ts's.
 */

const origin = process.env.E2E_ANALYTICS_ORIGIN ?? "";
const gtagUrl = "https://www.googletagmanager.com/gtag/js?id=G-TEST123";

expectNoCspViolations(test);

/** Every request the page makes to a Google host, answered with an empty script. */
async function googleRequests(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(/^https:\/\/[^/]*(google|doubleclick)[^/]*\//, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  return requests;
}

/** The first three arguments of each `gtag(…)` call the page made, in order. */
function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => [...entry].slice(0, 3)),
  );
}

test("content pages: our script loads gtag.js once and configures their one page view", async ({ page }) => {
  const google = await googleRequests(page);
  for (const url of ["/flights?type=import&utm_source=mail", "/ar/blogs/1"]) {
    const loadsBefore = google.length;
    const response = await page.goto(`${origin}${url}`);
    // Loaded by the site's script after the page, never from the server's HTML (decision 024).
    expect(await response?.text(), url).not.toContain("googletagmanager.com");
    await expect.poll(() => google.slice(loadsBefore), url).toEqual([gtagUrl]);
    // `config` without `send_page_view: false`: gtag.js sends the page view itself, with
    // `page_location`, the address bar's URL (path and query).
    expect(await dataLayer(page), url).toEqual([
      ["js", expect.any(Object)],
      ["config", "G-TEST123"],
    ]);
    expect(await page.evaluate(() => location.pathname + location.search)).toBe(url);
  }
});

test("form pages: gtag.js loads once and the app sends one page view with path and query", async ({ page }) => {
  const google = await googleRequests(page);
  for (const url of ["/contact-us?utm_source=mail", "/ar/delete-account"]) {
    const loadsBefore = google.length;
    await page.goto(`${origin}${url}`);
    await expect.poll(() => google.slice(loadsBefore), url).toEqual([gtagUrl]);
    // The app sends the page view once it has hydrated (send_page_view: false in `config`).
    await waitForHydration(page);
    const layer = await dataLayer(page);
    expect(
      layer.filter((entry) => entry[0] === "event"),
      url,
    ).toHaveLength(1);
    expect(layer.slice(0, 2), url).toEqual([
      ["js", expect.any(Object)],
      ["config", "G-TEST123", { send_page_view: false }],
    ]);
    expect(
      layer.find((entry) => entry[0] === "event"),
      url,
    ).toEqual(["event", "page_view", expect.objectContaining({ page_path: url, page_location: `${origin}${url}` })]);
  }
});

test("an invoice page, in either language, loads no analytics and sends nothing to Google", async ({ page }) => {
  const invoices = JSON.parse(
    await readFile(path.join(process.env.E2E_ANALYTICS_DATA_DIR ?? "", "demo-invoices.json"), "utf8"),
  ) as DemoInvoice[];
  const invoice = invoices.find((i) => i.status === "unpaid") ?? invoices[0];
  const google = await googleRequests(page);
  for (const url of [`/invoice/${invoice?.hash}`, `/ar/invoice/${invoice?.hash}`]) {
    const response = await page.goto(`${origin}${url}`);
    const html = (await response?.text()) ?? "";
    expect(html, url).not.toContain("googletagmanager.com");
    expect(html, url).not.toContain("dataLayer");
    // Hydrated (the app's page-view effect has run): still no gtag, so nothing could be sent.
    await waitForHydration(page);
    expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag), url).toBe("undefined");
  }
  expect(google).toEqual([]);
});
