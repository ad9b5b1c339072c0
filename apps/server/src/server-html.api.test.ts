import { formatBlogDate, formatReleaseLogDate, formatReleaseNoteDate } from "@khayl/contract/format";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
function shownText(node: Node): string {
  if (node.type === "text") return (node as { data: string }).data;
  if (!isTag(node) || hides(node)) return "";
  if (node.name === "br") return " ";
  return node.children.map(shownText).join("");
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
  const text = normal(shownText(element));
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
    return DomUtils.findOne((e) => e.name === name, within);
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

type Blog = {
  id: number;
  title: string;
  date: string;
  isMainBlog: boolean;
  category: string;
  tag: string[];
  summary: string;
};
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

describe("without JavaScript, each page is complete in the server HTML", () => {
  /** Was e2e/content-static.spec.ts "without JavaScript › <path> is complete in the server HTML". */
  const staticPages: { path: string; texts: string[] }[] = [
    {
      path: "/",
      texts: [
        "Wherever your equine journey takes you",
        "leading the way in horse logistics innovation",
        "No stress, Just progress",
        "Move your horses the Smart way",
        "Plan Smarter",
        "Organize Seamlessly",
        "Easy Transactions",
      ],
    },
    {
      path: "/aboutus",
      texts: [
        "Why?",
        "What",
        "How",
        "Local Transport",
        "International Shipping",
        "Software Development",
        "Horse First Approach",
        "Smart Technology",
        "Care Driven Team",
        "Creatively track your horse",
        "Easy Steps",
        "Everything in one place",
        "Sharing is caring",
        "Easy Profile",
        "Wallet",
        "Invoices",
        "24/7 Available",
      ],
    },
    {
      path: "/Khayl-App",
      texts: [
        "Equine Service Made Simple with us",
        "The Most Creative Equine Logistics Experience",
        "Move your horse without stress",
        "You'll never miss a flight",
        "Simplified Horse Management",
        "Simplified Data Management",
      ],
    },
    { path: "/QR", texts: ["Join Khayl Now!"] },
    { path: "/links", texts: ["Get our App", "Our Schedules", "Always here to assist."] },
    {
      path: "/term-of-use",
      texts: [
        "Terms of Use",
        "0. Use of the site",
        "3. Intellectual property rights",
        "4. User representations",
        "7. Privacy",
        "9. Disclaimer and limitation of liability",
        "10. Indemnification",
        "11. Termination",
        "13. Contact us",
      ],
    },
  ];
  for (const { path, texts } of staticPages) {
    test(`${path}`, async () => {
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expectShown(page, texts);
    });
  }

  /** Was e2e/content-dynamic.spec.ts "without JavaScript › <name> is complete in the server HTML": texts in <main>. */
  const contentPages: { name: string; load: () => Promise<{ path: string; texts: string[] }> }[] = [
    {
      name: "/blogs",
      async load() {
        const all = await blogs();
        const main = all.find((blog) => blog.isMainBlog)!;
        const other = all.find((blog) => !blog.isMainBlog)!;
        return {
          path: "/blogs",
          texts: ["Blogs", "Featured", main.title, formatBlogDate(main.date), other.title, other.tag[0]!],
        };
      },
    },
    {
      name: "/blogs/{id}",
      async load() {
        const main = await mainBlog();
        return {
          path: `/blogs/${main.id}`,
          texts: [main.title, main.category, formatBlogDate(main.date), "How the season runs"],
        };
      },
    },
    {
      name: "/term-of-services",
      load: async () => ({
        path: "/term-of-services",
        texts: ["Terms and Conditions", "General Terms and Conditions of Service", "13. Governing law and jurisdiction"],
      }),
    },
    {
      name: "/privacy-policy",
      load: async () => ({
        path: "/privacy-policy",
        texts: ["Privacy Policy", "Personal Data Protection Policy", "8. Your rights"],
      }),
    },
    {
      name: "/release-note",
      async load() {
        const [note] = (
          await apiData<{ rows: { title: string; date: string; tag: string }[] }>("/release-logs/?limit=1000&offset=0")
        ).rows;
        return {
          path: "/release-note",
          texts: [
            "What's New",
            "New updates and improvements to the product",
            note!.title,
            note!.tag,
            formatReleaseNoteDate(note!.date),
          ],
        };
      },
    },
    {
      name: "/release-logs",
      async load() {
        const [log] = (
          await apiData<{ rows: { title: string; date: string }[] }>(
            "/release-logs/getWebsiteRelease?limit=1000&offset=0",
          )
        ).rows;
        return {
          path: "/release-logs",
          texts: [
            "Plan the Khayl way.",
            "What's new?",
            `V ${log!.title}`,
            `Khayl Version ${log!.title}`,
            formatReleaseLogDate(log!.date),
          ],
        };
      },
    },
  ];
  for (const { name, load } of contentPages) {
    test(`${name}`, async () => {
      const { path, texts } = await load();
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expectShown(page, texts, "main");
    });
  }
});
