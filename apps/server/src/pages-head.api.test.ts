import { blogs, events } from "@khayl/db/schema";
import { expect, test, vi } from "vitest";
import { specRoutes } from "../../../bench/src/routes.ts";
import { decode, jsonLd, metaTags } from "./page-html.ts";
import { PUBLIC_URL, pageHost } from "./server-html-testing.ts";

/**
 * What every page's head and the site's files say to search engines and share previews,
 * read from the one process as `npm start` runs it, with no browser (split from
 * pages.api.test.ts). Rendering does not depend on the database: this file runs on PGlite.
 */
const site = pageHost("pages-head");
const { getJson } = site;

type Rows = { data: { rows: { id: number }[] } };

/**
 * Every public route (product §2, the bench's list): the item pages are checked below from
 * the data, and invoice links are private; `{product}` is the demo's PRODUCT_NAME.
 */
const publicRoutes = specRoutes
  .filter((route) => !route.includes("{") || route === "/{product}-App")
  .map((route) => route.replace("{product}", "Khayl"));

test("every route has a title, a description, a share card and no noindex", async () => {
  // Lighthouse's SEO category and search engines need both title and description.
  const blogs = await getJson<Rows>("/api/v1/blog/getWebsiteBlogs?limit=1&offset=0");
  const titles = new Set<string>();
  const images = new Set<string>();
  for (const route of [...publicRoutes, `/blogs/${blogs.data.rows[0]?.id}`]) {
    const response = await site.host.app.inject(route);
    expect(response.statusCode, route).toBe(200);
    const title = decode(/<title>([^<]*)<\/title>/.exec(response.body)?.[1] ?? "");
    expect(title, route).not.toBe("");
    titles.add(title);
    const meta = metaTags(response.body);
    const content = (key: "name" | "property", value: string) => meta.find((tag) => tag[key] === value)?.content;
    const description = content("name", "description");
    expect(decode(description ?? "").length, `${route} description`).toBeGreaterThan(40);
    expect(
      meta.filter((tag) => tag.name === "robots" && tag.content?.includes("noindex")),
      route,
    ).toEqual([]);
    // A shared link shows a card: title, text and an absolute PNG/JPEG image.
    expect(content("property", "og:title"), route).toBeTruthy();
    expect(content("property", "og:description"), route).toBe(description);
    expect(content("name", "twitter:card"), route).toBe("summary_large_image");
    images.add(decode(content("property", "og:image") ?? ""));
  }
  for (const image of images) {
    expect(image).toMatch(/^https?:\/\/.+\.(png|jpe?g)$/);
    const response = await site.host.app.inject(new URL(image).pathname);
    expect(response.statusCode, image).toBe(200);
    expect(response.headers["content-type"], image).toMatch(/^image\/(png|jpeg)$/);
  }
  expect(titles.size, "each route its own title").toBe(publicRoutes.length + 1);
});

test("an invoice page's title names the step it shows, in its language", async () => {
  const links = site.host.seeded?.invoiceLinks ?? [];
  const unpaid = links.find((invoice) => invoice.status === "unpaid");
  const paid = links.find((invoice) => invoice.status === "paid");
  const titleOf = async (url: string) =>
    decode(/<title>([^<]*)<\/title>/.exec((await site.host.app.inject(url)).body)?.[1] ?? "");
  const steps: [string, RegExp][] = [
    [`/invoice/${unpaid?.hash}`, /^Summary – Invoice INV-\d{4}-\d{6} \| /],
    [`/invoice/${unpaid?.hash}?step=2&method=card`, /^Details – Invoice INV-/],
    [`/invoice/${unpaid?.hash}?step=3&method=card`, /^Payment – Invoice INV-/],
    // A paid invoice shows its paid state, whatever step the link asks for.
    [`/invoice/${paid?.hash}?step=2`, /^Done – Invoice INV-/],
    [`/ar/invoice/${unpaid?.hash}?step=2&method=card`, /^التفاصيل – فاتورة رقم INV-/],
  ];
  for (const [url, title] of steps) expect(await titleOf(url), url).toMatch(title);
  // Not found: no step to name.
  expect(await titleOf(`/invoice/${"A".repeat(43)}`)).not.toMatch(/ – /);
});

test("structured data: Event and BreadcrumbList on a show, BlogPosting on a blog, Organization on home", async () => {
  const shows = await getJson<{ data: { rows: { id: number; type?: string }[] } }>(
    "/api/v1/event-services/website?limit=100&offset=0&showOnWebsite=true",
  );
  const id = shows.data.rows[0]?.id;
  const show = (
    await getJson<{ data: { eventName: string; startDate: string } }>(`/api/v1/event-services/website/${id}`)
  ).data;
  const blocks = jsonLd((await site.host.app.inject(`/transport/${id}`)).body);
  expect(blocks.find((b) => b["@type"] === "Event")).toMatchObject({
    name: show.eventName,
    startDate: show.startDate,
    eventStatus: expect.stringMatching(/^https:\/\/schema\.org\/Event/),
    location: { "@type": "Place" },
  });
  expect(blocks.find((b) => b["@type"] === "BreadcrumbList")).toMatchObject({
    itemListElement: [{ name: "Home" }, { name: "Shows" }, { name: show.eventName, position: 3 }],
  });

  const blogs = await getJson<Rows>("/api/v1/blog/getWebsiteBlogs?limit=1&offset=0");
  const blog = jsonLd((await site.host.app.inject(`/blogs/${blogs.data.rows[0]?.id}`)).body);
  expect(blog.map((b) => b["@type"]).sort()).toEqual(["BlogPosting", "BreadcrumbList"]);

  expect(jsonLd((await site.host.app.inject("/")).body)).toEqual([
    expect.objectContaining({ "@type": "Organization" }),
  ]);
});

test("sitemap.xml lists the pages and every blog, in both languages, each with its alternates", async () => {
  const response = await site.host.app.inject("/sitemap.xml");
  expect(response.headers["content-type"]).toContain("application/xml");
  const xml = response.body;
  for (const path of ["/", "/blogs", "/release-logs", "/term-of-services", "/Khayl-App"])
    expect(xml).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
  const blogs = await getJson<Rows>("/api/v1/blog/getWebsiteBlogs?limit=100&offset=0");
  expect(blogs.data.rows.length).toBeGreaterThan(0);
  for (const blog of blogs.data.rows) expect(xml).toContain(`<loc>${PUBLIC_URL}/blogs/${blog.id}</loc>`);
  // Arabic (decision 016).
  for (const path of ["/ar", "/ar/transport", "/ar/blogs/1", "/ar/Khayl-App"])
    expect(xml).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${PUBLIC_URL}/ar/flights"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/flights"/>`);
});

test("robots.txt allows everything and names the sitemap; the manifest carries the brand", async () => {
  const robots = await site.host.app.inject("/robots.txt");
  expect(robots.headers["content-type"]).toContain("text/plain");
  expect(robots.body).toContain("User-agent: *\nAllow: /");
  expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

  const manifest = await site.host.app.inject("/manifest.webmanifest");
  expect(manifest.headers["content-type"]).toContain("application/manifest+json");
  const body = manifest.json() as { name: string; icons: { src: string; sizes: string; type: string }[] };
  expect(body.name).toBe("Khayl Logistics");
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.type}`)).toEqual([
    "192x192 image/svg+xml",
    "512x512 image/svg+xml",
    "192x192 image/png",
    "512x512 image/png",
  ]);
  for (const icon of body.icons) {
    const file = await site.host.app.inject(icon.src);
    expect(file.statusCode, icon.src).toBe(200);
    expect(file.headers["content-type"], icon.src).toContain(icon.type);
  }
});

test("each page links the manifest in its language: an Arabic one named in Arabic, starting at /ar, right to left", async () => {
  const manifestLinks = async (path: string) =>
    [...(await site.host.app.inject(path)).body.matchAll(/<link\s[^>]*rel="manifest"[^>]*>/g)].map(
      ([tag]) => /href="([^"]*)"/.exec(tag)?.[1],
    );
  expect(await manifestLinks("/flights")).toEqual(["/manifest.webmanifest"]);
  expect(await manifestLinks("/ar/flights")).toEqual(["/ar/manifest.webmanifest"]);
  const english = (await site.host.app.inject("/manifest.webmanifest")).json();
  expect(english).toMatchObject({ name: "Khayl Logistics", start_url: "/", lang: "en", dir: "ltr" });
  const answer = await site.host.app.inject("/ar/manifest.webmanifest");
  expect(answer.headers["content-type"]).toContain("application/manifest+json");
  expect(answer.json()).toMatchObject({
    name: "خيل للخدمات اللوجستية",
    start_url: "/ar",
    scope: "/",
    lang: "ar",
    dir: "rtl",
    icons: english.icons,
  });
});

test("the home screen icon for iOS is a PNG the head links", async () => {
  const home = await site.host.app.inject("/");
  const links = [...home.body.matchAll(/<link\s[^>]*rel="apple-touch-icon"[^>]*>/g)].map(([tag]) => tag);
  expect(links).toHaveLength(1);
  const href = /href="([^"]*)"/.exec(links[0] ?? "")?.[1];
  expect(href).toBe("/apple-touch-icon.png");
  const icon = await site.host.app.inject(href ?? "");
  expect(icon.statusCode).toBe(200);
  expect(icon.headers["content-type"]).toBe("image/png");
  expect(icon.rawPayload.subarray(1, 4).toString()).toBe("PNG");
});

/** The cards of a schedule page's grid, in order, each as its `<li>` start tag. */
function gridCards(html: string): string[] {
  const grid = /<ul class="grid gap-5[^"]*">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...grid.matchAll(/<li\b[^>]*>/g)].map(([tag]) => tag);
}

test("a blog's lastmod in sitemap.xml is the Dubai day its page shows, not the UTC one", async () => {
  // 21:00 UTC on 21 Nov 2021 is 01:00 on 22 Nov in Dubai; older than every demo blog.
  const [blog] = await site.database.db
    .insert(blogs)
    .values({ title: "Late evening news", date: new Date("2021-11-21T21:00:00Z"), content: "<p>Late.</p>" })
    .returning({ id: blogs.id });
  const entry = await vi.waitFor(
    async () => {
      const xml = (await site.host.app.inject("/sitemap.xml")).body;
      const found = new RegExp(`<loc>${PUBLIC_URL}/blogs/${blog?.id}</loc>[\\s\\S]*?</url>`).exec(xml)?.[0];
      expect(found).toBeDefined();
      return found ?? "";
    },
    { timeout: 5_000, interval: 50 },
  );
  expect(entry).toContain("<lastmod>2021-11-22</lastmod>");
  expect((await site.host.app.inject(`/blogs/${blog?.id}`)).body).toContain("Nov 22, 2021");
});

// Last in this file: it adds shows to the schedule the pages above render.
test("'Show more' on a schedule of more than 24 shows leads to the next step's first card, in both languages", async () => {
  const now = Date.now();
  await site.database.db.insert(events).values(
    Array.from({ length: 30 }, (_, i) => ({
      eventName: `Show more ${i + 1}`,
      eventStatus: "Open",
      placeCode: "EEC",
      placeName: "Emirates Equestrian Centre, Dubai",
      disciplineId: 1,
      eventCategory: "National",
      startDate: new Date(now + (i + 1) * 86_400_000),
      showOnWebsite: true,
    })),
  );
  for (const prefix of ["", "/ar"]) {
    // The content change reaches the page cache by the database's notice (decision 017).
    const first = await vi.waitFor(
      async () => {
        const page = await site.host.app.inject(`${prefix}/transport`);
        expect(page.body).toContain(`href="${prefix}/transport?show=48#show-25"`);
        return page.body;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(gridCards(first)).toHaveLength(24);
    // A plain link (no script on the page, decision 024): the next page is a document whose
    // 25th card carries the fragment's id, so the browser scrolls to it and Tab goes on there.
    const next = await site.host.app.inject(`${prefix}/transport?show=48`);
    expect(next.statusCode).toBe(200);
    const cards = gridCards(next.body);
    expect(cards.length).toBeGreaterThan(24);
    expect(cards.findIndex((tag) => tag.includes('id="show-25"'))).toBe(24);
    expect(next.body.match(/id="show-25"/g)).toHaveLength(1);
    expect(next.body).not.toContain("show=72");
    // A step past the list's end (an old link, a hand-typed one) is sent to the whole list,
    // never kept under its own URL (decision 017).
    for (const past of ["show=72", "show=120"]) {
      const answer = await site.host.app.inject(`${prefix}/transport?${past}`);
      expect([answer.statusCode, answer.headers.location, answer.headers["x-page-cache"]], past).toEqual([
        302,
        `${prefix}/transport?show=48`,
        undefined,
      ]);
    }
  }
});
