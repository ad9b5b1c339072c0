import { blogs, releaseLogs, releaseNotes } from "@khayl/db/schema";
import { DomUtils } from "htmlparser2";
import { expect, test } from "vitest";
import { accessibleName, PUBLIC_URL, pageHost, ServerPage } from "./server-html-testing.ts";

/**
 * Editors' HTML (blog content, release notes and logs, terms, privacy) as the pages render it
 * (architecture §3.10): rows inserted as an editor writes them, pages read without a browser.
 * Rendering only (the sanitiser and the pages), so PGlite only.
 */
const site = pageHost("rich-content");

async function page(url: string): Promise<ServerPage> {
  const response = await site.host.app.inject(url);
  expect(response.statusCode, url).toBe(200);
  return new ServerPage(response.statusCode, response.body);
}

/** Inserts a blog (long ago, so that it is last in the lists) with these texts, and its Arabic version. */
async function blog(title: string, content: string, arabic?: { title: string; content: string }): Promise<number> {
  const [row] = await site.database.db
    .insert(blogs)
    .values({
      title,
      summary: "s",
      date: new Date("2001-01-01T08:00:00Z"),
      content,
      ...(arabic ? { translations: { ar: { ...arabic, summary: "ملخص" } } } : {}),
    })
    .returning({ id: blogs.id });
  return row!.id;
}

/** The page's `.rich-text` blocks. */
const richTexts = (page: ServerPage) =>
  DomUtils.findAll((e) => /\brich-text\b/.test(e.attribs.class ?? ""), [page.root("main")]);

test("content reads in its language's direction, not its first letter's", async () => {
  const id = await blog("Khayl and Apple Pay", "<p>Apple Pay is here.</p>", {
    title: "Khayl: تطبيق نقل الخيول",
    content: "<p>Apple Pay متاح الآن لدفع الفواتير.</p>",
  });
  const arabic = await page(`/ar/blogs/${id}`);
  expect(richTexts(arabic).map((e) => e.attribs.dir)).toEqual(["rtl"]);
  expect(arabic.one("h1")?.attribs.dir).toBe("rtl");
  // An English post that opens with an Arabic sentence is still laid out left to right.
  const english = await blog("مرحبا: a greeting", "<p>مرحبا بكم. Then the English article follows.</p>");
  const page2 = await page(`/blogs/${english}`);
  expect(richTexts(page2).map((e) => e.attribs.dir)).toEqual(["ltr"]);
  expect(page2.one("h1")?.attribs.dir).toBe("ltr");

  await site.database.db.insert(releaseNotes).values({
    date: new Date("2001-01-01T08:00:00Z"),
    title: "Apple Pay for invoices",
    content: "<p>Pay invoices with Apple Pay.</p>",
    translations: { ar: { title: "Apple Pay للفواتير", content: "<p>Apple Pay متاح الآن.</p>" } },
  });
  const notes = await page("/ar/release-note");
  const note = DomUtils.findOne(
    (e) => e.name === "h2" && DomUtils.textContent(e) === "Apple Pay للفواتير",
    [notes.root()],
  );
  expect(note?.attribs.dir).toBe("rtl");
  expect(richTexts(notes).every((e) => e.attribs.dir === "rtl")).toBe(true);
});

test("a link pasted with the site's own address leads to the page in the page's language, as a link of the site", async () => {
  const content = `<p>See the <a href="${PUBLIC_URL}/transport?discipline=endurance">endurance shows</a>.</p>`;
  const id = await blog("Links", content, { title: "روابط", content });
  for (const [path, href] of [
    [`/ar/blogs/${id}`, "/ar/transport?discipline=endurance"],
    [`/blogs/${id}`, "/transport?discipline=endurance"],
  ] as const) {
    const links = DomUtils.findAll((e) => e.name === "a", richTexts(await page(path)));
    expect(
      links.map((a) => [a.attribs.href, a.attribs.rel]),
      path,
    ).toEqual([[href, undefined]]);
  }
});

/** The levels of the page's headings in document order, checked to skip none on the way down. */
function outline(page: ServerPage): number[] {
  const levels = DomUtils.findAll((e) => /^h[1-6]$/.test(e.name), [page.root("main")]).map((e) => Number(e.name[1]));
  levels.reduce((previous, level) => {
    expect(level, levels.join(" ")).toBeLessThanOrEqual(previous + 1);
    return level;
  }, 1);
  return levels;
}

test("the content's headings continue the page's outline, on every page that shows content", async () => {
  const content = "<h2>Costs</h2><h5>After an h2</h5><p>x</p><h2>FAQ</h2>";
  const id = await blog("Outline", content);
  const levelsOf = async (path: string, text: string) => {
    const found = DomUtils.findAll(
      (e) => /^h[1-6]$/.test(e.name) && DomUtils.textContent(e) === text,
      [(await page(path)).root()],
    );
    return found.map((e) => e.name);
  };
  expect(outline(await page(`/blogs/${id}`))).toEqual([1, 2, 3, 2]);
  await site.database.db
    .insert(releaseLogs)
    .values({ title: "9.9.9", date: new Date("2001-01-01T08:00:00Z"), content });
  await site.database.db
    .insert(releaseNotes)
    .values({ date: new Date("2001-01-01T08:00:00Z"), title: "A note", content });
  // Below a release log card's h3, and below a release note's h2 title.
  expect(await levelsOf("/release-logs", "After an h2")).toEqual(["h5"]);
  expect(await levelsOf("/release-logs", "Costs")).toEqual(["h4"]);
  outline(await page("/release-logs"));
  expect(await levelsOf("/release-note", "Costs")).toEqual(["h3"]);
  expect(await levelsOf("/release-note", "After an h2")).toEqual(["h4"]);
  outline(await page("/release-note"));
});

/** The ids of the page's elements that more than one element has. */
const duplicateIds = (page: ServerPage) => {
  const ids = DomUtils.findAll((e) => e.attribs.id !== undefined, [page.root()]).map((e) => e.attribs.id);
  return ids.filter((id, i) => ids.indexOf(id) !== i);
};

test("links to a place in the content lead to it, and never to the page's own elements", async () => {
  const content =
    `<p><a href="#faq">To the FAQ</a> · <a href="#main">main</a></p>` +
    `<h2 id="faq">FAQ</h2><p id="main">Not the page's main</p>`;
  const id = await blog("Anchors", content);
  const post = await page(`/blogs/${id}`);
  const [toFaq, toMain] = DomUtils.findAll((e) => e.name === "a", richTexts(post));
  const target = (href: string | undefined) =>
    DomUtils.findAll((e) => `#${e.attribs.id}` === href, [post.root()]).map((e) => DomUtils.textContent(e));
  expect(target(toFaq?.attribs.href)).toEqual(["FAQ"]);
  expect(target(toMain?.attribs.href)).toEqual(["Not the page's main"]);
  // The page's own main is still the skip link's.
  expect(post.one("main")?.attribs.id).toBe("main");
  expect(duplicateIds(post)).toEqual([]);
  // Two notes (and two logs) with the same ids on one page keep them apart, each link leading into its own.
  for (const n of [1, 2]) {
    await site.database.db
      .insert(releaseNotes)
      .values({ date: new Date("2001-01-01T08:00:00Z"), title: `Note ${n}`, content });
    await site.database.db
      .insert(releaseLogs)
      .values({ title: `0.0.${n}`, date: new Date("2001-01-01T08:00:00Z"), content });
  }
  for (const path of ["/release-note", "/release-logs"]) {
    const list = await page(path);
    expect(duplicateIds(list), path).toEqual([]);
    for (const a of DomUtils.findAll((e) => e.name === "a" && (e.attribs.href ?? "").startsWith("#"), richTexts(list)))
      expect(
        DomUtils.findAll((e) => `#${e.attribs.id}` === a.attribs.href, [list.root()]),
        a.attribs.href,
      ).toHaveLength(1);
  }
});

test("no link of the content is left without a name, and no paragraph empty", async () => {
  const id = await blog(
    "Empty links",
    `<p><a href="/flights"><img src="https://cdn.example/plane.jpg" alt="Our flights"></a></p>` +
      `<p><a href="https://youtu.be/x"><iframe src="https://www.youtube.com/embed/x" title="Loading day"></iframe></a></p>` +
      `<p><a href="/media"><video src="/media/clip.mp4"></video></a></p>` +
      `<p><a href="/transport"><img src="/images/card-plane.svg"></a></p>` +
      `<p><a href="/contact-us"><img src="https://cdn.example/x.jpg"></a></p><p></p><p>&nbsp;</p><p>End.</p>`,
  );
  const [content] = richTexts(await page(`/blogs/${id}`));
  const links = DomUtils.findAll((e) => e.name === "a", content ? [content] : []);
  expect(links.map((a) => [a.attribs.href, accessibleName(a)])).toEqual([
    ["/flights", "Our flights"],
    ["https://youtu.be/x", "Loading day"],
    ["/media", "/media/clip.mp4"],
    ["/transport", "/transport"],
  ]);
  const paragraphs = DomUtils.findAll((e) => e.name === "p", content ? [content] : []);
  expect(paragraphs.map((p) => DomUtils.textContent(p).trim())).toEqual([
    "Our flights",
    "Loading day",
    "/media/clip.mp4",
    "",
    "End.",
  ]);
});

test("a table scrolls in a focusable region named by its caption, or 'Table' in the page's language", async () => {
  const content =
    "<table><caption>Prices per route</caption><tr><td>x</td></tr></table><table><tr><td>y</td></tr></table>";
  const id = await blog("Tables", content, { title: "جداول", content });
  for (const [path, names] of [
    [`/blogs/${id}`, ["Prices per route", "Table"]],
    [`/ar/blogs/${id}`, ["Prices per route", "جدول"]],
  ] as const) {
    const regions = DomUtils.findAll((e) => e.attribs.role === "region", richTexts(await page(path)));
    expect(
      regions.map((e) => [
        e.attribs.tabindex,
        e.attribs["aria-label"],
        e.children[0]?.type === "tag" && e.children[0].name,
      ]),
      path,
    ).toEqual(names.map((name) => ["0", name, "table"]));
  }
});

test("a content image without a size gets its file's, read from the site's files", async () => {
  const id = await blog("Images", `<p><img src="/images/card-plane.svg" alt="A plane"></p>`);
  const [image] = DomUtils.findAll((e) => e.name === "img", richTexts(await page(`/blogs/${id}`)));
  expect([image?.attribs.width, image?.attribs.height]).toEqual(["270", "500"]);
});
