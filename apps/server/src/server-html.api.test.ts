import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { arabicPages, type Blog, dynamicPages, staticPages } from "../../../e2e/page-texts.ts";
import type { Host } from "./host.ts";
import { startTestHost, type TestHost } from "./testing.ts";

/**
 * What each page's server answer says before any script runs, read from the one process as
 * `npm start` runs it (`app.inject`, no browser): the texts a visitor without JavaScript
 * reads, head tags, statuses, redirects, the sitemap and the calendar files. These checks
 * were Playwright tests that only read the server's answer (issue 23: each check at the
 * cheapest level that sees it); the browser specs keep the journeys, the no-JS
 * interactions, layout and one axe pass per route per language. Rendering does not depend
 * on the database: this file runs on PGlite only.
 */
const PUBLIC_URL = "http://127.0.0.1:3210";
let testHost: TestHost;
let host: Host;

beforeAll(async () => {
  // As the Playwright server runs (playwright.config.ts): a public address, production mode.
  testHost = await startTestHost("server-html", { PUBLIC_URL });
  ({ host } = testHost);
}, 120_000);

afterAll(() => testHost?.close());

type Element = Parameters<typeof DomUtils.getAttributeValue>[0];
type Node = ReturnType<typeof parseDocument>["children"][number];

/** Whether a parsed node is an element (domutils 4 no longer exports `isTag`). */
const isTag = (node: Node): node is Element => "attribs" in node;

const normal = (text: string) => text.replace(/\s+/g, " ").trim();

/** Elements whose content a reader never sees: not rendered, or not parsed as the page. */
const unrendered = new Set(["template", "noscript", "script", "style"]);

/**
 * Whether an element hides its content from a reader without JavaScript: the `hidden`
 * attribute, a closed `<dialog>`, a `popover`, or an element that is never rendered.
 */
function hides(element: Element): boolean {
  return (
    unrendered.has(element.name) ||
    element.attribs.hidden !== undefined ||
    element.attribs.popover !== undefined ||
    (element.name === "dialog" && element.attribs.open === undefined)
  );
}

/** The text of `node` as a reader sees it (hidden subtrees left out), whitespace collapsed by the caller. */
function shownText(node: Node, named = false): string {
  if (node.type === "text") return (node as { data: string }).data;
  if (!isTag(node) || hides(node)) return "";
  // An accessible name leaves out what is hidden from assistive technology (a decorative arrow).
  if (named && node.attribs["aria-hidden"] === "true") return "";
  if (node.name === "br") return " ";
  return node.children.map((child) => shownText(child, named)).join("");
}

/** Every rendered element under `root`, hidden subtrees left out. */
function shownElements(root: Element): Element[] {
  const found: Element[] = [];
  const walk = (element: Element) => {
    if (hides(element)) return;
    found.push(element);
    for (const child of element.children) if (isTag(child)) walk(child);
  };
  walk(root);
  return found;
}

/** A link's or heading's name: its `aria-label`, else its shown text, else its images' alt texts. */
function accessibleName(element: Element): string {
  const label = element.attribs["aria-label"];
  if (label !== undefined) return normal(label);
  const text = normal(shownText(element, true));
  if (text) return text;
  return normal(
    DomUtils.findAll((e) => e.name === "img", element.children)
      .map((img) => img.attribs.alt ?? "")
      .join(" "),
  );
}

/** A page's server HTML, parsed, with what a reader without JavaScript finds in it. */
class ServerPage {
  readonly document: ReturnType<typeof parseDocument>;
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    this.document = parseDocument(html);
  }

  /** The first element named `name` (a tag name), or undefined. */
  one(name: string, within: Node[] = this.document.children): Element | undefined {
    return DomUtils.findOne((e) => e.name === name, within) ?? undefined;
  }

  get htmlAttributes(): Record<string, string> {
    return this.one("html")?.attribs ?? {};
  }

  get title(): string {
    const title = this.one("title");
    return title ? normal(DomUtils.textContent(title)) : "";
  }

  /** The `content` of the `<meta>` whose `name` or `property` is `key`. */
  meta(key: string): string | undefined {
    return DomUtils.findOne(
      (e) => e.name === "meta" && (e.attribs.name === key || e.attribs.property === key),
      this.document.children,
    )?.attribs.content;
  }

  /** The `href` of the head's `<link>` with these attributes. */
  linkTag(attributes: Record<string, string>): string | undefined {
    return DomUtils.findOne(
      (e) => e.name === "link" && Object.entries(attributes).every(([k, v]) => e.attribs[k] === v),
      this.document.children,
    )?.attribs.href;
  }

  /** The body, or `<main>` when `scope` is "main". */
  root(scope: "body" | "main" = "body"): Element {
    const root = this.one(scope);
    if (!root) throw new Error(`no <${scope}> in the server HTML`);
    return root;
  }

  /** The shown texts under the root: each element's whole text and each element's `aria-label`. */
  shownTexts(scope: "body" | "main" = "body"): Set<string> {
    const texts = new Set<string>();
    for (const element of shownElements(this.root(scope))) {
      texts.add(normal(shownText(element)));
      if (element.attribs["aria-label"]) texts.add(normal(element.attribs["aria-label"]));
    }
    return texts;
  }

  /** Every element's whole text in the body, shown or hidden (as Playwright's `getByText` counts them). */
  allTexts(): Set<string> {
    const texts = new Set<string>();
    for (const element of DomUtils.findAll((e) => !unrendered.has(e.name), [this.root()]))
      texts.add(normal(DomUtils.textContent(element)));
    return texts;
  }

  /** The shown elements with tag `tag` (e.g. "a", "h1") whose name is `name` (string: exactly). */
  named(tag: string, name: string | RegExp, scope: "body" | "main" = "body"): Element[] {
    return shownElements(this.root(scope)).filter(
      (e) => e.name === tag && (typeof name === "string" ? accessibleName(e) === name : name.test(accessibleName(e))),
    );
  }

  /** The `href`s of the shown links named `name`. */
  hrefs(name: string | RegExp, scope: "body" | "main" = "body"): string[] {
    return this.named("a", name, scope).map((a) => a.attribs.href ?? "");
  }

  /** The shown text of the first shown `<h1>`. */
  get h1(): string | undefined {
    const [heading] = shownElements(this.root()).filter((e) => e.name === "h1");
    return heading ? accessibleName(heading) : undefined;
  }
}

async function serverPage(url: string): Promise<ServerPage> {
  const response = await host.app.inject(url);
  return new ServerPage(response.statusCode, response.body);
}

/** The answer at `url` after its redirects, with the path it ended on. */
async function followed(url: string): Promise<{ page: ServerPage; path: string }> {
  let path = url;
  let response = await host.app.inject(path);
  for (let hops = 0; hops < 5 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    const location = new URL(String(response.headers.location), `${PUBLIC_URL}${path}`);
    path = `${location.pathname}${location.search}`;
    response = await host.app.inject(path);
  }
  return { page: new ServerPage(response.statusCode, response.body), path };
}

/** Fails naming every expected text the page does not show. */
function expectShown(page: ServerPage, texts: string[], scope: "body" | "main" = "body") {
  const shown = page.shownTexts(scope);
  expect(
    texts.filter((text) => !shown.has(text)),
    "texts missing from the server HTML",
  ).toEqual([]);
}

async function apiData<T>(path: string, language: "en" | "ar" = "en"): Promise<T> {
  const response = await host.app.inject({ url: `/api/v1${path}`, headers: { language } });
  expect(response.statusCode, path).toBe(200);
  return (response.json() as { data: T }).data;
}

const blogs = async () => (await apiData<{ rows: Blog[] }>("/blog/getWebsiteBlogs?limit=100&offset=0")).rows;
const mainBlog = async () => (await blogs()).find((blog) => blog.isMainBlog)!;

const showsApi = "/event-services/website?limit=100&offset=0&showOnWebsite=true";
const flightsApi = "/selective-services/website?limit=100&offset=0&showOnWebsite=true&type=import";

/** The first listed show or import/export flight's id. */
async function firstId(path: string): Promise<number> {
  const rows = (await apiData<{ rows: { id: number; type?: string }[] }>(path)).rows;
  const row = rows.find((r) => r.type === undefined || r.type === "Import" || r.type === "Export");
  if (!row) throw new Error(`no row at ${path}`);
  return row.id;
}

// The pages' texts are the browser specs' own (e2e/page-texts.ts): here they must be in the
// server HTML, shown without JavaScript; there, visible in the browser and passing axe.
describe("without JavaScript, each page is complete in the server HTML", () => {
  for (const { path, texts } of staticPages) {
    test(`${path}`, async () => {
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expectShown(page, texts);
    });
  }

  // Texts read from the API are in <main>.
  for (const { name, load } of dynamicPages) {
    test(`${name}`, async () => {
      const { path, texts } = await load(apiData);
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expectShown(page, texts, "main");
    });
  }
});

describe("without JavaScript, each Arabic page is complete in Arabic in the server HTML", () => {
  for (const { name, load } of arabicPages) {
    test(name, async () => {
      const { path, texts, english, contentTitle } = await load(apiData);
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expect(page.htmlAttributes).toMatchObject({ lang: "ar", dir: "rtl" });
      // Shown as text, or as a link's or heading's name (an image's alt text in a link).
      const names = new Set(
        ["a", "h1", "h2", "h3", "h4", "h5", "h6"].flatMap((tag) =>
          page.named(tag, /.*/).map((element) => accessibleName(element)),
        ),
      );
      const shown = page.shownTexts();
      expect(texts.filter((text) => !shown.has(text) && !names.has(text))).toEqual([]);
      // Not left anywhere: shown or hidden text, a link's or heading's name, a label or an alt text.
      const all = page.allTexts();
      const labels = DomUtils.findAll(() => true, page.document.children).flatMap((e) =>
        [e.attribs["aria-label"], e.attribs.alt].filter((v): v is string => v !== undefined).map(normal),
      );
      expect(english.filter((text) => all.has(text) || names.has(text) || labels.includes(text))).toEqual([]);
      // The document title and the share card are in Arabic too.
      if (!contentTitle) expect(page.title).toMatch(/[\u0600-\u06FF]/);
      expect(page.meta("og:locale")).toBe("ar_AE");
    });
  }

  test("/ar/QR's code points to the Arabic link hub, whose links stay in Arabic", async () => {
    // Was e2e/ar-pages.spec.ts "/ar/QR's code points to the Arabic link hub, whose links stay in Arabic".
    const qr = await serverPage("/ar/QR");
    expect(
      shownElements(qr.root()).filter(
        (e) => e.attribs.role === "img" && e.attribs["aria-label"] === `رمز QR يؤدي إلى ${PUBLIC_URL}/ar/links`,
      ),
    ).toHaveLength(1);
    const links = await serverPage("/ar/links");
    expect(links.hrefs("البطولات")).toEqual(["/ar/transport"]);
    expect(links.hrefs("الرحلات الجوية")).toEqual(["/ar/flights"]);
    expect(links.hrefs("تواصل مع الدعم")).toEqual(["/ar/contact-us"]);
  });

  test("/ar/transport: right to left, its heading, and discipline links to the filtered Arabic schedule", async () => {
    // Was e2e/i18n.spec.ts "without JavaScript, /ar is complete in the server HTML".
    const page = await serverPage("/ar/transport");
    expect(page.htmlAttributes.dir).toBe("rtl");
    expect(page.h1).toBe("خطّط لنقل خيلك بسهولة");
    expect(page.hrefs("قفز الحواجز")).toEqual(["/ar/transport?discipline=show-jumping"]);
  });
});

describe("head, language versions and redirects", () => {
  test("every page names its English and Arabic versions and its canonical address", async () => {
    // Was e2e/i18n.spec.ts "every page names its English and Arabic versions and its canonical address".
    for (const [path, canonical] of [
      ["/flights?type=import", "/flights"],
      ["/ar/flights?type=import", "/ar/flights"],
      ["/ar", "/ar"],
    ] as const) {
      const page = await serverPage(path);
      const english = canonical.replace(/^\/ar(?=\/|$)/, "") || "/";
      const arabic = english === "/" ? "/ar" : `/ar${english}`;
      expect(page.linkTag({ rel: "canonical" }), path).toBe(`${PUBLIC_URL}${canonical}`);
      expect(page.linkTag({ rel: "alternate", hreflang: "en" }), path).toBe(`${PUBLIC_URL}${english}`);
      expect(page.linkTag({ rel: "alternate", hreflang: "ar" }), path).toBe(`${PUBLIC_URL}${arabic}`);
      expect(page.linkTag({ rel: "alternate", hreflang: "x-default" }), path).toBe(`${PUBLIC_URL}${english}`);
    }
  });

  test("unknown Arabic paths lead to the Arabic home page; unknown English ones to the home page", async () => {
    // Was e2e/i18n.spec.ts "unknown Arabic paths lead to the Arabic home page" and
    // e2e/schedules.spec.ts "without JavaScript › unknown paths redirect to the home page".
    for (const path of ["/ar/no-such-page", "/ar/no/such/page"]) expect((await followed(path)).path, path).toBe("/ar");
    const { page, path } = await followed("/no/such/page");
    expect(path).toBe("/");
    expect(page.h1).toBe("Wherever your equine journey takes you");
  });

  test("the home page's LCP image loads first and the others lazily", async () => {
    // Was e2e/content-static.spec.ts "the home page's LCP image loads first and the others lazily".
    const page = await serverPage("/");
    const heroes = shownElements(page.root()).filter(
      (e) => e.name === "img" && /horse truck/.test(e.attribs.alt ?? ""),
    );
    expect(heroes).toHaveLength(1);
    expect(heroes[0]!.attribs).toMatchObject({ fetchpriority: "high", width: "960" });
    const lazy = DomUtils.findAll((e) => e.name === "img" && e.attribs.loading !== undefined, [page.root("main")]);
    expect(lazy.length).toBeGreaterThan(0);
    for (const img of lazy) expect(img.attribs.loading, img.attribs.src).toBe("lazy");
  });
});

describe("blogs", () => {
  test("the capitalised /Blogs/{id} form shows the same blog, with the navigation", async () => {
    // Was e2e/content-dynamic.spec.ts "the capitalised /Blogs/{id} form shows the same blog".
    const main = await mainBlog();
    // As a browser follows it (the address's case is the server's to normalise).
    const { page } = await followed(`/Blogs/${main.id}`);
    expect(page.status).toBe(200);
    expect(page.h1).toBe(main.title);
    expect(
      shownElements(page.root()).filter((e) => e.name === "nav" && e.attribs["aria-label"] === "Main"),
    ).not.toEqual([]);
  });

  test("a missing or non-numeric blog id answers 404 with 'Blog not found.'", async () => {
    // The statuses, heading and title of e2e/content-dynamic.spec.ts's test of that name (axe and the way back stay there).
    for (const path of ["/blogs/999999", "/blogs/abc", "/Blogs/12abc"]) {
      const page = await serverPage(path);
      expect(page.status, path).toBe(404);
      expect(page.h1, path).toBe("Blog not found.");
      expect(page.title, path).toBe("Blog not found. | Khayl Logistics");
    }
  });

  test("a blog's page has its own title, description, Open Graph tags and canonical", async () => {
    // The head part of e2e/content-dynamic.spec.ts "a blog card opens the blog; its page has its own title, ...".
    const blog = (await blogs()).find((b) => !b.isMainBlog)!;
    const page = await serverPage(`/blogs/${blog.id}`);
    expect(page.title).toBe(`${blog.title} | Khayl Logistics`);
    expect(page.meta("description")).toBe(blog.summary);
    expect(page.meta("og:title")).toBe(blog.title);
    expect(page.meta("og:url")).toBe(`${PUBLIC_URL}/blogs/${blog.id}`);
    expect(page.meta("og:type")).toBe("article");
    // The demo blog images are SVG, which share previews do not render: the card uses the site's PNG.
    expect(page.meta("og:image")).toBe(`${PUBLIC_URL}/images/og-default.png`);
    expect(page.linkTag({ rel: "canonical" })).toBe(`${PUBLIC_URL}/blogs/${blog.id}`);
  });
});

describe("schedules, shows and flights", () => {
  test("the server HTML has the filtered schedules", async () => {
    // Was e2e/schedules.spec.ts "without JavaScript › the server HTML has the filtered schedules".
    const page = await serverPage("/transport?discipline=dressage");
    expect(page.h1).toBe("Plan Your Horse Transport with Ease");
    const cards = shownElements(page.root("main")).filter((e) => e.name === "li");
    const names = cards.flatMap((li) =>
      shownElements(li)
        .filter((e) => e.name === "button")
        .map((button) => normal(shownText(button))),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.join("|")).toContain("Dressage");
    expect(names.join("|")).not.toContain("Endurance");
  });

  test("a show's page is whole in the server HTML", async () => {
    // Was e2e/trips.spec.ts "without JavaScript › a show's page is whole in the server HTML".
    const page = await serverPage(`/transport/${await firstId(showsApi)}`);
    expect(page.h1).toBeTruthy();
    // As Playwright's getByText("Venue"): a part of a text, any case.
    expect([...page.shownTexts()].some((text) => /venue/i.test(text))).toBe(true);
    expect(page.hrefs("All shows")).toEqual(["/transport"]);
  });

  test("a show's head: title, description, canonical, hreflang and share card", async () => {
    // Was e2e/trips.spec.ts "a show's head: title, description, canonical, hreflang and share card".
    const id = await firstId(showsApi);
    const page = await serverPage(`/transport/${id}`);
    expect(page.status).toBe(200);
    expect(page.linkTag({ rel: "canonical" })).toMatch(new RegExp(`/transport/${id}$`));
    expect(page.linkTag({ rel: "alternate", hreflang: "ar" })).toMatch(/\/ar\/transport\/\d+$/);
    expect(page.meta("og:title")).toMatch(/.+/);
    expect(page.meta("description")).toMatch(/Road transport for your horses/);
  });

  test("an unknown, malformed or hidden id answers 404 with a link to the schedule", async () => {
    // The statuses, links and robots tag of e2e/trips.spec.ts's test of that name (its axe pass stays there).
    for (const [path, link, href] of [
      ["/transport/999999", "See the shows schedule", "/transport"],
      ["/transport/abc", "See the shows schedule", "/transport"],
      ["/flights/999999", "See the flights schedule", "/flights"],
      ["/ar/flights/999999", "اطّلع على جدول الرحلات", "/ar/flights"],
    ] as const) {
      const page = await serverPage(path);
      expect(page.status, path).toBe(404);
      expect(page.hrefs(link), path).toEqual([href]);
      expect(page.meta("robots"), path).toBe("noindex");
    }
  });

  test("the sitemap lists show and flight pages in both languages", async () => {
    // Was e2e/trips.spec.ts "the sitemap lists show and flight pages in both languages".
    const show = await firstId(showsApi);
    const flight = await firstId(flightsApi);
    const xml = (await host.app.inject("/sitemap.xml")).body;
    expect(xml).toContain(`/transport/${show}</loc>`);
    expect(xml).toContain(`/ar/transport/${show}</loc>`);
    expect(xml).toContain(`/flights/${flight}</loc>`);
    expect(xml).toContain(`/ar/flights/${flight}</loc>`);
  });
});

describe("WhatsApp", () => {
  test("'Ask on WhatsApp' names the show and its date; the flight page and the contact page offer it too", async () => {
    // Was e2e/trips.spec.ts "'Ask on WhatsApp' names the show and its date; the contact page and its thank-you offer it too"
    // (it read the links' hrefs only).
    const id = await firstId(showsApi);
    const show = await apiData<{ eventName: string }>(`/event-services/website/${id}`);
    const showPage = await serverPage(`/transport/${id}`);
    const [href = ""] = showPage.hrefs(/^Ask on WhatsApp ?\(opens WhatsApp\)$/);
    // (Its screen-reader note is a separate, absolutely placed span: a browser names it with a space.)
    expect(href).toMatch(/^https:\/\/wa\.me\/971500000000\?text=/);
    const text = new URL(href).searchParams.get("text") ?? "";
    expect(text).toContain(show.eventName);
    expect(text).toMatch(/\d{2} \w{3} \d{4}/);
    expect(text).toContain(`/transport/${id}`);

    const flightPage = await serverPage(`/flights/${await firstId(flightsApi)}`);
    const [flightHref = ""] = flightPage.hrefs(/Ask on WhatsApp/);
    expect(new URL(flightHref).searchParams.get("text") ?? "").toMatch(
      /Import flight \w+ to \w+ departing \w+ \d{2} \w{3} \d{4}, \d{2}:\d{2}/,
    );

    const contact = await serverPage("/contact-us");
    expect(contact.hrefs(/Ask on WhatsApp/)).toEqual([expect.stringMatching(/^https:\/\/wa\.me\//)]);
  });
});

/** The value of the first `NAME` property of the first event of an iCalendar text (unfolded). */
function icsValue(text: string, name: string): string | undefined {
  const unfolded = text.replace(/\r?\n[ \t]/g, "");
  const event = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"));
  return event.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1]?.trim();
}

describe("calendar files", () => {
  test("'Add to calendar' links the show's .ics, with a stable UID, its dates, name and page", async () => {
    // Was e2e/trips.spec.ts "'Add to calendar' downloads the show's .ics with a stable UID, its dates, name and page".
    const id = await firstId(showsApi);
    const show = await apiData<{ eventName: string; startDate: string }>(`/event-services/website/${id}`);
    const page = await serverPage(`/transport/${id}`);
    expect(page.hrefs("Add to calendar")).toEqual([`/transport/${id}/calendar.ics`]);
    const answer = await host.app.inject(`/transport/${id}/calendar.ics`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = answer.body;
    expect(icsValue(text, "UID")).toBe(`event-${id}@127.0.0.1`);
    expect(icsValue(text, "SUMMARY")).toBe(show.eventName);
    expect(icsValue(text, "URL")).toMatch(new RegExp(`/transport/${id}$`));
    expect(icsValue(text, "DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(icsValue(text, "DTSTART")).toBe(show.startDate.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
    const again = (await host.app.inject(`/transport/${id}/calendar.ics`)).body;
    expect(icsValue(again, "UID")).toBe(icsValue(text, "UID"));
    expect((await host.app.inject("/transport/999999/calendar.ics")).statusCode).toBe(404);
  });

  test("a flight's .ics has its route and departure in UTC", async () => {
    // Was e2e/trips.spec.ts "a flight's .ics has its route and departure in UTC".
    const id = await firstId(flightsApi);
    const flight = await apiData<{
      departureAirport: { code: string };
      arrivalAirport: { code: string };
      startDate: string;
    }>(`/selective-services/website/${id}`);
    const text = (await host.app.inject(`/flights/${id}/calendar.ics`)).body;
    expect(icsValue(text, "UID")).toBe(`flight-${id}@127.0.0.1`);
    expect(icsValue(text, "SUMMARY")).toContain(
      `Import flight ${flight.departureAirport.code} to ${flight.arrivalAirport.code}`,
    );
    expect(icsValue(text, "DTSTART")).toBe(flight.startDate.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
  });

  test("the schedules offer their feeds by webcal and https, filtered as the page", async () => {
    // Was e2e/trips.spec.ts "the schedules offer their feeds by webcal and https, filtered as the page"
    // (its axe pass on /transport?discipline=dressage moved into the show card's journey there).
    const page = await serverPage("/transport?discipline=dressage");
    const feed = shownElements(page.root()).find(
      (e) => e.name === "aside" && e.attribs["aria-label"] === "Calendar feed",
    );
    expect(feed).toBeDefined();
    const feedPage = (name: string) =>
      shownElements(feed!)
        .filter((e) => e.name === "a" && accessibleName(e) === name)
        .map((a) => a.attribs.href);
    expect(feedPage("Subscribe in your calendar")).toEqual([
      expect.stringMatching(/^webcal:\/\/127\.0\.0\.1:\d+\/calendar\/shows\.ics\?discipline=dressage$/),
    ]);
    expect(feedPage("Feed address (https)")).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/shows\.ics\?discipline=dressage$/),
    ]);

    const shows = await host.app.inject("/calendar/shows.ics?discipline=dressage");
    expect(shows.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(shows.headers["cache-control"]).toMatch(/public, max-age=\d+/);
    const dressage = (await apiData<{ rows: { id: number }[] }>(`${showsApi}&eventDisciplines=3`)).rows;
    const text = shows.body;
    expect(text.match(/^BEGIN:VEVENT/gm)?.length).toBe(dressage.filter((s) => "startDate" in s).length);
    for (const show of dressage) expect(text).toContain(`UID:event-${show.id}@`);

    const exports = (await host.app.inject("/calendar/flights.ics?type=export")).body;
    expect(exports).toContain("SUMMARY:Export flight");
    expect(exports).not.toContain("SUMMARY:Import flight");
    const flights = await serverPage("/flights?type=import");
    expect(flights.hrefs("Subscribe in your calendar")).toEqual([
      expect.stringMatching(/\/calendar\/flights\.ics\?type=import$/),
    ]);
  });
});
