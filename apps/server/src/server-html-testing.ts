import type { DbHandle } from "@khayl/db/client";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, expect } from "vitest";
import type { Blog } from "../../../e2e/page-texts.ts";
import type { Host } from "./host.ts";
import { startTestHost, type TestHost } from "./testing.ts";

/**
 * Helpers of the tests that read a page's server answer without a browser (conventions §5:
 * each check at the cheapest level that sees it): the one process as `npm start` runs it,
 * and readers of its HTML as a visitor without JavaScript sees it.
 */

/** The public address the tests' host runs under, as the Playwright server's (playwright.config.ts). */
export const PUBLIC_URL = "http://127.0.0.1:3210";

/**
 * Starts the one process for the calling test file, as the Playwright server runs it (a
 * public address, production mode), in the file's own `beforeAll`/`afterAll` (the API
 * projects keep modules between files: no state is left here, conventions §5). `name`
 * names its `DATA_DIR`.
 */
export function pageHost(name: string) {
  let testHost: TestHost | undefined;
  beforeAll(async () => {
    testHost = await startTestHost(name, { PUBLIC_URL });
  }, 120_000);
  afterAll(() => testHost?.close());
  const started = () => {
    if (!testHost) throw new Error("the host is not started (call pageHost() at a file's top level)");
    return testHost;
  };
  return {
    /** The running host (after `beforeAll`). */
    get host(): Host {
      return started().host;
    },
    /** Its database. */
    get database(): DbHandle {
      return started().database;
    },
    /** Its `DATA_DIR` (the demo's file outbox is its `outbox/`). */
    get dataDir(): string {
      return started().dataDir;
    },
    /** The JSON answer at `url`, which must be 200. */
    async getJson<T>(url: string): Promise<T> {
      const response = await started().host.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      return response.json() as T;
    },
  };
}

type Element = Parameters<typeof DomUtils.getAttributeValue>[0];
type Node = ReturnType<typeof parseDocument>["children"][number];

/** Whether a parsed node is an element (domutils 4 no longer exports `isTag`). */
const isTag = (node: Node): node is Element => "attribs" in node;

/** `text` with its whitespace collapsed, as a reader sees it. */
export const normal = (text: string) => text.replace(/\s+/g, " ").trim();

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
export function shownText(node: Node, named = false): string {
  if (node.type === "text") return (node as { data: string }).data;
  if (!isTag(node) || hides(node)) return "";
  // An accessible name leaves out what is hidden from assistive technology (a decorative arrow).
  if (named && node.attribs["aria-hidden"] === "true") return "";
  if (node.name === "br") return " ";
  return node.children.map((child) => shownText(child, named)).join("");
}

/** Every rendered element under `root`, hidden subtrees left out. */
export function shownElements(root: Element): Element[] {
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
export function accessibleName(element: Element): string {
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
export class ServerPage {
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

/** The show list of the API (its path under /api/v1), with the hidden ones left out. */
export const showsApi = "/event-services/website?limit=100&offset=0&showOnWebsite=true";
/** The import flight list of the API (its path under /api/v1). */
export const flightsApi = "/selective-services/website?limit=100&offset=0&showOnWebsite=true&type=import";

/** `pageHost(name)` with its pages parsed, and the API data the tests compare them with. */
export function serverHtmlHost(name: string) {
  const pages = pageHost(name);
  async function apiData<T>(path: string, language: "en" | "ar" = "en"): Promise<T> {
    const response = await pages.host.app.inject({ url: `/api/v1${path}`, headers: { language } });
    expect(response.statusCode, path).toBe(200);
    return (response.json() as { data: T }).data;
  }
  const blogs = async () => (await apiData<{ rows: Blog[] }>("/blog/getWebsiteBlogs?limit=100&offset=0")).rows;
  return {
    get host(): Host {
      return pages.host;
    },
    /** Its `DATA_DIR` (the demo's file outbox is its `outbox/`). */
    get dataDir(): string {
      return pages.dataDir;
    },
    apiData,
    blogs,
    /** The blog marked main. */
    mainBlog: async () => {
      const main = (await blogs()).find((blog) => blog.isMainBlog);
      if (!main) throw new Error("no main blog");
      return main;
    },
    /** The page at `url`, parsed. */
    async serverPage(url: string): Promise<ServerPage> {
      const response = await pages.host.app.inject(url);
      return new ServerPage(response.statusCode, response.body);
    },
    /** The answer at `url` after its redirects, with the path it ended on. */
    async followed(url: string): Promise<{ page: ServerPage; path: string }> {
      let path = url;
      let response = await pages.host.app.inject(path);
      for (let hops = 0; hops < 5 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
        const location = new URL(String(response.headers.location), `${PUBLIC_URL}${path}`);
        path = `${location.pathname}${location.search}`;
        response = await pages.host.app.inject(path);
      }
      return { page: new ServerPage(response.statusCode, response.body), path };
    },
    /** The first listed show or import/export flight's id. */
    async firstId(path: string): Promise<number> {
      const rows = (await apiData<{ rows: { id: number; type?: string }[] }>(path)).rows;
      const row = rows.find((r) => r.type === undefined || r.type === "Import" || r.type === "Export");
      if (!row) throw new Error(`no row at ${path}`);
      return row.id;
    },
  };
}
