import { expect, test } from "vitest";
import { plainTextExcerpt, sanitizeContent } from "./sanitize.server.ts";

/** The site's public origin in these tests (config `PUBLIC_URL`). */
const publicOrigin = "https://khayl.example";
const en = { language: "en", publicOrigin, headingLevel: 2, tableLabel: "Table" } as const;
const ar = { language: "ar", publicOrigin, headingLevel: 2, tableLabel: "جدول" } as const;

test("scripts, styles, frames and forms are removed with their content", () => {
  const html = sanitizeContent(
    `<p>Safe</p><script>alert(1)</script><style>p{display:none}</style>` +
      `<iframe src="https://evil.example"></iframe><form action="/x"><input name="q"></form>` +
      `<object data="x.swf"></object>`,
    en,
  );
  expect(html).toBe("<p>Safe</p>");
});

test("event handlers, inline styles and javascript: links are removed", () => {
  const html = sanitizeContent(
    `<p onclick="steal()" style="color:red">Hi <a href="javascript:alert(1)" onmouseover="x()">click</a> ` +
      `<a href=" JaVaScRiPt:alert(1)">again</a></p><img src="/images/a.svg" onerror="alert(1)">`,
    en,
  );
  expect(html).not.toMatch(/onclick|onmouseover|onerror|style=|javascript/i);
  expect(html).toContain("<p>Hi <a>click</a> <a>again</a></p>");
  expect(html).toContain('<img src="/images/a.svg" alt="" loading="lazy" decoding="async" />');
});

test("headings, lists, emphasis, tables and links are kept; the highest heading becomes h2", () => {
  const source =
    `<h1>Title</h1><h2>Section</h2><h3>Sub</h3><p><strong>Bold</strong> and <em>italic</em></p>` +
    `<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>Quote</blockquote>` +
    `<table><thead><tr><th scope="col">Fee</th></tr></thead><tbody><tr><td>AED 1.00</td></tr></tbody></table>` +
    `<p><a href="/contact-us">contact</a> <a href="mailto:help@example.com">mail</a> ` +
    `<a href="tel:+97160000000">call</a></p>`;
  expect(sanitizeContent(source, en)).toBe(
    `<h2>Title</h2><h3>Section</h3><h4>Sub</h4><p><strong>Bold</strong> and <em>italic</em></p>` +
      `<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>Quote</blockquote>` +
      `<div class="rich-table" role="region" tabindex="0" aria-label="Table"><table><thead><tr><th scope="col">Fee</th></tr></thead>` +
      `<tbody><tr><td>AED 1.00</td></tr></tbody></table></div>` +
      `<p><a href="/contact-us">contact</a> <a href="mailto:help@example.com">mail</a> <a ` +
      `href="tel:+97160000000">call</a></p>`,
  );
});

test("external links get rel=noopener noreferrer; same-site links stay as they are", () => {
  expect(sanitizeContent(`<a href="https://www.fei.org" target="_blank">FEI</a>`, en)).toBe(
    `<a href="https://www.fei.org" rel="noopener noreferrer">FEI</a>`,
  );
  expect(sanitizeContent(`<a href="/flights">flights</a>`, en)).toBe(`<a href="/flights">flights</a>`);
  // The content's own rel is dropped: ours or none.
  expect(sanitizeContent(`<a href=" https://evil.example" rel="opener">x</a>`, en)).toBe(
    `<a href="https://evil.example" rel="noopener noreferrer">x</a>`,
  );
  expect(sanitizeContent(`<a href="/blogs" rel="opener">x</a>`, en)).toBe(`<a href="/blogs">x</a>`);
});

test("on an Arabic page, a link to a page of the site leads to its Arabic page; others stay", () => {
  const link = (href: string) => sanitizeContent(`<a href="${href}">x</a>`, ar);
  expect(link("/transport")).toBe(`<a href="/ar/transport">x</a>`);
  expect(link("/transport?discipline=endurance#list")).toBe(`<a href="/ar/transport?discipline=endurance#list">x</a>`);
  expect(link("/")).toBe(`<a href="/ar">x</a>`);
  expect(link("/?utm_source=blog")).toBe(`<a href="/ar?utm_source=blog">x</a>`);
  expect(link(" /contact-us")).toBe(`<a href="/ar/contact-us">x</a>`);
  // A calendar file exists in Arabic too.
  expect(link("/calendar/shows.ics")).toBe(`<a href="/ar/calendar/shows.ics">x</a>`);
  // Already Arabic, or no page: a file, the API, an anchor, a mail, another site.
  for (const href of [
    "/ar/flights",
    "/AR/flights",
    "/AR",
    "/Ar?x=1",
    "/images/truck.svg",
    "/images/",
    "/.well-known/security.txt",
    "/sitemap.xml",
    "/api/v1/health",
    "mailto:a@example.com",
  ])
    expect(link(href), href).toBe(`<a href="${href}">x</a>`);
  expect(link("https://www.fei.org/transport")).toBe(
    `<a href="https://www.fei.org/transport" rel="noopener noreferrer">x</a>`,
  );
  // On an English page nothing changes.
  expect(sanitizeContent(`<a href="/transport">x</a>`, en)).toBe(`<a href="/transport">x</a>`);
});

test("a link is judged, and written, as a browser reads its address: controls and tabs hide no other site", () => {
  for (const href of ["ht\ttps://evil.example/tab", "\u0001https://evil.example/c0", "h\nttps://evil.example/nl"])
    expect(sanitizeContent(`<a href="${href}">x</a>`, en), JSON.stringify(href)).toMatch(
      /^<a href="https:\/\/evil\.example\/\w+" rel="noopener noreferrer">x<\/a>$/,
    );
  // Backslashed addresses are other hosts to a browser too; fragments and paths are this site.
  for (const href of ["/\\evil.example", "\\\\evil.example", "\\/evil.example"])
    expect(sanitizeContent(`<a href="${href}">x</a>`, en), href).toContain('rel="noopener noreferrer"');
  expect(sanitizeContent(`<a href="#faq">x</a>`, en)).toBe(`<a href="#c-faq">x</a>`);
  expect(sanitizeContent(`<a href=" /flights ">x</a>`, en)).toBe(`<a href="/flights">x</a>`);
  // A scheme hidden the same way is still refused.
  expect(sanitizeContent(`<a href="java\tscript:alert(1)">x</a>`, en)).toBe("<a>x</a>");
});

test("images from other hosts or protocol-relative addresses are dropped (the CSP allows only this site)", () => {
  expect(
    sanitizeContent(
      `<p>a</p><img src="https://cdn.example/x.png"><img src="//cdn.example/x.png">` +
        `<img src="data:image/png;base64,AAAA">`,
      en,
    ),
  ).toBe("<p>a</p>");
});

test("images on a configured image origin (the API's, IMAGE_ORIGINS) are kept; other hosts still dropped", () => {
  const withOrigins = { ...en, imageOrigins: ["https://cdn.example", "https://api.khayl.example"] };
  expect(
    sanitizeContent(
      `<img src="https://cdn.example/x.png" alt="x"><img src="https://api.khayl.example/u/y.png" alt="y">` +
        `<img src="https://cdn.example.evil.example/z.png"><img src="http://cdn.example:8080/z.png">` +
        `<img src="//cdn.example/z.png"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">`,
      withOrigins,
    ),
  ).toBe(
    `<img src="https://cdn.example/x.png" alt="x" loading="lazy" decoding="async" />` +
      `<img src="https://api.khayl.example/u/y.png" alt="y" loading="lazy" decoding="async" />`,
  );
});

test("missing content gives an empty string; plain text passes through escaped", () => {
  expect(sanitizeContent(null, en)).toBe("");
  expect(sanitizeContent(undefined, en)).toBe("");
  expect(sanitizeContent("Fish & chips <3", en)).toBe("Fish &amp; chips &lt;3");
});

test("plainTextExcerpt: text only, blocks separated, cut at a word with an ellipsis", () => {
  expect(plainTextExcerpt("<h2>Plan</h2><p>Book &amp; <b>go</b></p><ul><li>one</li><li>two</li></ul>")).toBe(
    "Plan Book & go one two",
  );
  const long = plainTextExcerpt(`<p>${"horse ".repeat(50)}</p>`, 40);
  expect(long.length).toBeLessThanOrEqual(40);
  expect(long).toMatch(/^horse( horse)*…$/);
  expect(plainTextExcerpt(null)).toBe("");
  // Each reference decoded once: text that shows `&lt;script&gt;` on the page says so in its excerpt.
  expect(plainTextExcerpt("<p>a &amp;lt;script&amp;gt; &quot;b&quot; &#39;c&#39;&nbsp;d</p>")).toBe(
    `a &lt;script&gt; "b" 'c' d`,
  );
});

test("dir, lang and <bdi> are kept so editors can mark mixed texts; odd values are dropped", () => {
  expect(
    sanitizeContent(
      `<p dir="RTL" lang="ar">فقرة <bdi dir="ltr" lang="en-GB">Apple Pay</bdi> <span dir="auto">x</span></p>`,
      en,
    ),
  ).toBe(`<p dir="rtl" lang="ar">فقرة <bdi dir="ltr" lang="en-GB">Apple Pay</bdi> <span dir="auto">x</span></p>`);
  // Values that are no direction or language, or that try to leave the attribute.
  for (const attribute of [
    `dir="rtl onclick=alert(1)"`,
    `dir="ltr" dir="rtl;x"`,
    `dir="rt&quot;l"`,
    `dir="javascript:alert(1)"`,
    `lang="ar&quot; onclick=&quot;alert(1)"`,
    `lang="en us"`,
    `lang="javascript:alert(1)"`,
    `lang="${"a".repeat(40)}"`,
    `lang="-ar"`,
    `lang=""`,
  ])
    expect(sanitizeContent(`<p ${attribute}>x</p>`, en), attribute).toMatch(/^<p( dir="ltr")?>x<\/p>$/);
  // A <bdi> keeps direction and language only.
  expect(sanitizeContent(`<bdi onclick="alert(1)" style="color:red" class="x" title="t" dir="rtl">ب</bdi>`, en)).toBe(
    `<bdi dir="rtl">ب</bdi>`,
  );
});

test("a link pasted with the site's own address is a path of the site, in the page's language", () => {
  const link = (href: string, options: typeof en | typeof ar = ar) =>
    sanitizeContent(`<a href="${href}">x</a>`, options);
  expect(link("https://khayl.example/transport?discipline=endurance")).toBe(
    `<a href="/ar/transport?discipline=endurance">x</a>`,
  );
  expect(link("https://khayl.example/transport?discipline=endurance", en)).toBe(
    `<a href="/transport?discipline=endurance">x</a>`,
  );
  // Either scheme, any case, two slashes of either kind, the site's root, the Arabic path.
  expect(link("HTTP://KHAYL.EXAMPLE/flights#list")).toBe(`<a href="/ar/flights#list">x</a>`);
  expect(link("//khayl.example/flights")).toBe(`<a href="/ar/flights">x</a>`);
  expect(link("https:\\\\khayl.example\\contact-us")).toBe(`<a href="/ar/contact-us">x</a>`);
  expect(link("https://khayl.example")).toBe(`<a href="/ar">x</a>`);
  expect(link("https://khayl.example/ar/flights")).toBe(`<a href="/ar/flights">x</a>`);
  expect(link("https://khayl.example/images/truck.svg")).toBe(`<a href="/images/truck.svg">x</a>`);
  // Other hosts, ports, and addresses that would become another host once relative stay external.
  for (const href of [
    "https://khayl.example.evil.example/flights",
    "https://evil.example/khayl.example",
    "https://khayl.example@evil.example/flights",
    "https://khayl.example:8443/flights",
    "https://khayl.example//evil.example/x",
    "https://khayl.example/\\evil.example/x",
    "ftp://khayl.example/flights",
  ])
    expect(link(href), href).not.toMatch(/href="\/(?![/\\])/);
  expect(link("https://khayl.example//evil.example/x")).toBe(
    `<a href="https://khayl.example//evil.example/x" rel="noopener noreferrer">x</a>`,
  );
  expect(link("javascript://khayl.example/%0aalert(1)")).toBe("<a>x</a>");
});

test("headings continue the page's outline: from the level given, none skipped, h6 at most", () => {
  const headings = (html: string, headingLevel: 2 | 3 | 4 | 5 | 6) =>
    [...sanitizeContent(html, { ...en, headingLevel }).matchAll(/<(h\d)>(\w+)</g)].map(
      ([, tag, text]) => `${tag} ${text}`,
    );
  // An h5 straight after an h2 is the next level; a later h2 goes back up; an h1 is the highest.
  expect(headings("<h2>a</h2><h5>b</h5><h6>c</h6><h2>d</h2><h3>e</h3>", 2)).toEqual([
    "h2 a",
    "h3 b",
    "h4 c",
    "h2 d",
    "h3 e",
  ]);
  expect(headings("<h1>a</h1><h2>b</h2><h4>c</h4><h3>d</h3>", 2)).toEqual(["h2 a", "h3 b", "h4 c", "h4 d"]);
  // Content starting lower than its later headings: each section of the highest level at the start level.
  expect(headings("<h3>a</h3><h4>b</h4><h2>c</h2>", 3)).toEqual(["h3 a", "h4 b", "h3 c"]);
  // Under a card's h3 (release logs), and never deeper than h6.
  expect(headings("<h2>a</h2><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6>", 4)).toEqual([
    "h4 a",
    "h5 b",
    "h6 c",
    "h6 d",
    "h6 e",
  ]);
  // Each text starts its own outline.
  expect(headings("<h4>a</h4>", 2)).toEqual(["h2 a"]);
  // A closing tag closes the heading it opened.
  expect(sanitizeContent("<h5>a</h5><p>b</p>", en)).toBe("<h2>a</h2><p>b</p>");
});

test("ids are kept with a prefix, and links into the content lead to them", () => {
  expect(
    sanitizeContent(
      `<p><a href="#costs">costs</a> <a href=" #faq">faq</a></p><h2 id="costs">Costs</h2>` +
        `<p id="faq">FAQ</p><a name="old-anchor">old</a><a href="#old-anchor">back</a>`,
      en,
    ),
  ).toBe(
    `<p><a href="#c-costs">costs</a> <a href="#c-faq">faq</a></p><h2 id="c-costs">Costs</h2>` +
      `<p id="c-faq">FAQ</p><a id="c-old-anchor">old</a><a href="#c-old-anchor">back</a>`,
  );
  // Arabic ids, written percent-encoded in the link as browsers send them.
  expect(sanitizeContent(`<a href="#%D8%A3%D8%B3%D8%A6%D9%84%D8%A9">x</a><h2 id="أسئلة">y</h2>`, en)).toBe(
    `<a href="#c-%D8%A3%D8%B3%D8%A6%D9%84%D8%A9">x</a><h2 id="c-أسئلة">y</h2>`,
  );
  // A page that shows several texts gives each its own prefix.
  expect(sanitizeContent(`<a href="#faq">x</a><h2 id="faq">y</h2>`, { ...en, idPrefix: "c-12-" })).toBe(
    `<a href="#c-12-faq">x</a><h2 id="c-12-faq">y</h2>`,
  );
  // Another page's place stays as written.
  expect(sanitizeContent(`<a href="/blogs/1#faq">x</a>`, en)).toBe(`<a href="/blogs/1#faq">x</a>`);
});

test("content ids can name none of the page's own elements, nor leave their attribute", () => {
  // The page's own ids (the skip link's target, dialogs, forms) are the content's own once prefixed.
  expect(sanitizeContent(`<p id="main">x</p><a href="#main">skip</a><a href="#contact-form">form</a>`, en)).toBe(
    `<p id="c-main">x</p><a href="#c-main">skip</a><a href="#c-contact-form">form</a>`,
  );
  expect(sanitizeContent(`<a href="#c-faq">x</a><p id="c-faq">y</p>`, en)).toBe(
    `<a href="#c-c-faq">x</a><p id="c-c-faq">y</p>`,
  );
  // Ids with spaces, quotes, markup, schemes, or none at all are dropped.
  for (const id of [
    `a b`,
    `x" onclick="alert(1)`,
    `x'y`,
    `javascript:alert(1)`,
    `<b>`,
    ``,
    `a/b`,
    `#x`,
    "x".repeat(101),
  ])
    expect(sanitizeContent(`<h2 id="${id.replace(/"/g, "&quot;")}">t</h2>`, en), id).toBe("<h2>t</h2>");
  expect(sanitizeContent(`<a name="x&quot; onclick=&quot;alert(1)">t</a>`, en)).toBe("<a>t</a>");
  // A fragment no id can have leaves the link without an address; a scheme is still refused.
  for (const href of [`#a b`, `#x&quot;onmouseover=&quot;alert(1)`, `#%E0%A4%A`, `#javascript:alert(1)`])
    expect(sanitizeContent(`<a href="${href}">t</a>`, en), href).toBe("<a>t</a>");
  // `#` and `#top` still mean the top of the page, unless the content has such an id.
  expect(sanitizeContent(`<a href="#top">up</a><a href="#">up</a>`, en)).toBe(
    `<a href="#top">up</a><a href="#">up</a>`,
  );
  expect(sanitizeContent(`<h2 id="top">t</h2><a href="#top">up</a>`, en)).toBe(
    `<h2 id="c-top">t</h2><a href="#c-top">up</a>`,
  );
});

test("a link left without text by what was dropped is named by it, or removed; no empty paragraph stays", () => {
  // An image from another host, a frame, a player: their alt, title, else address name the link.
  expect(
    sanitizeContent(`<p><a href="/flights"><img src="https://cdn.example/x.jpg" alt="Our flights"></a></p>`, en),
  ).toBe(`<p><a href="/flights">Our flights</a></p>`);
  expect(
    sanitizeContent(
      `<a href="https://youtu.be/x"><iframe src="https://www.youtube.com/embed/x" title="Our video"></iframe></a>`,
      en,
    ),
  ).toBe(`<a href="https://youtu.be/x" rel="noopener noreferrer">Our video</a>`);
  expect(sanitizeContent(`<a href="/media"><iframe src="https://www.youtube.com/embed/x"></iframe></a>`, en)).toBe(
    `<a href="/media">https://www.youtube.com/embed/x</a>`,
  );
  expect(sanitizeContent(`<a href="/media"><video src="/media/clip.mp4" controls></video></a>`, en)).toBe(
    `<a href="/media">/media/clip.mp4</a>`,
  );
  // Nothing to name it: the link goes, and so does the paragraph it leaves empty.
  expect(sanitizeContent(`<p><a href="/flights"><img src="https://cdn.example/x.jpg"></a></p><p>b</p>`, en)).toBe(
    "<p>b</p>",
  );
  expect(sanitizeContent(`<p>a <a href="/flights"> </a> b</p>`, en)).toBe("<p>a   b</p>");
  // A kept image with an empty alt and nothing else: its alt says where the link leads.
  expect(sanitizeContent(`<a href="/transport?discipline=endurance"><img src="/images/card-plane.svg"></a>`, en)).toBe(
    `<a href="/transport?discipline=endurance"><img src="/images/card-plane.svg" alt="/transport?discipline=endurance" loading="lazy" decoding="async" /></a>`,
  );
  expect(sanitizeContent(`<a href="https://www.fei.org/rules"><img src="/images/fei.png" alt=" "></a>`, en)).toContain(
    `alt="www.fei.org/rules"`,
  );
  // Links with text, or an image's alt, and anchors without an address are left as they are.
  expect(sanitizeContent(`<a href="/x"><img src="/a.svg" alt="A">B</a><a id="top"></a>`, en)).toBe(
    `<a href="/x"><img src="/a.svg" alt="A" loading="lazy" decoding="async" />B</a><a id="c-top"></a>`,
  );
  // An image dropped outside a link leaves nothing; empty paragraphs go.
  expect(
    sanitizeContent(
      `<p>a</p><p></p><p>&nbsp;</p><p>  <br> </p><p><img src="https://cdn.example/x.jpg" alt="x"></p>`,
      en,
    ),
  ).toBe("<p>a</p>");
  // The sanitiser's marker, written by the content itself, is not ours: discarded, labels and all.
  expect(sanitizeContent(`<a href="/x"><khayl-dropped data-label="Forged"></khayl-dropped></a>`, en)).toBe("");
  expect(sanitizeContent(`<p>t<khayl-dropped data-label="x" onclick="alert(1)">u</khayl-dropped></p>`, en)).toBe(
    "<p>tu</p>",
  );
});

test("a table scrolls in a region keyboard users reach, named by its caption, its long runs breakable", () => {
  const url = `https://www.example.com/${"segment-without-breaks".repeat(2)}`;
  expect(
    sanitizeContent(
      `<table><caption> Prices <b>per</b>\n route </caption><tr><td>AED 1,200</td><td>${url}</td></tr></table>`,
      en,
    ),
  ).toBe(
    `<div class="rich-table" role="region" tabindex="0" aria-label="Prices per route"><table>` +
      `<caption> Prices <b>per</b>\n route </caption><tr><td>AED 1,200</td>` +
      `<td>https://www.exam<wbr />ple.com/segment-<wbr />without-breaksse<wbr />gment-without-br<wbr />eaks</td>` +
      `</tr></table></div>`,
  );
  // Without a caption: the name given in the page's language.
  expect(sanitizeContent(`<table><tr><td>x</td></tr></table>`, ar)).toBe(
    `<div class="rich-table" role="region" tabindex="0" aria-label="جدول"><table><tr><td>x</td></tr></table></div>`,
  );
  // Runs of 20 letters or fewer, and text outside tables, are left whole; a letter and its marks stay together.
  expect(sanitizeContent(`<p>${url}</p><table><tr><th>Pferdetransportkost</th></tr></table>`, en)).toBe(
    `<p>${url}</p><div class="rich-table" role="region" tabindex="0" aria-label="Table"><table><tr>` +
      `<th>Pferdetransportkost</th></tr></table></div>`,
  );
  const arabic = "بِسْمِ".repeat(5);
  expect(sanitizeContent(`<table><tr><td>${arabic}</td></tr></table>`, en).replace(/<wbr \/>/g, "")).toContain(arabic);
  expect(sanitizeContent(`<table><tr><td>${arabic}</td></tr></table>`, en)).not.toMatch(
    /[\u064B-\u0652]?<wbr \/>[\u064B-\u0652]/,
  );
  // The content's own region attributes are not kept: only the sanitiser's wrapper has them.
  expect(
    sanitizeContent(
      `<div role="region" tabindex="0" class="rich-table" aria-label="x"><p tabindex="1" role="button">t</p></div>`,
      en,
    ),
  ).toBe("<p>t</p>");
});

test("a site image without a width and height gets its file's, so nothing moves when it loads", () => {
  const sizes: Record<string, { width: number; height: number }> = {
    "/images/card-plane.svg": { width: 270, height: 500 },
  };
  const withSizes = { ...en, imageSize: (src: string) => sizes[src] };
  expect(sanitizeContent(`<img src="/images/card-plane.svg" alt="Plane">`, withSizes)).toBe(
    `<img src="/images/card-plane.svg" alt="Plane" width="270" height="500" loading="lazy" decoding="async" />`,
  );
  // One of them given, or both: the width (else the height) is kept, the other follows the file's proportions.
  expect(sanitizeContent(`<img src="/images/card-plane.svg" width="135">`, withSizes)).toContain(
    `width="135" height="250"`,
  );
  expect(sanitizeContent(`<img src="/images/card-plane.svg" height="100">`, withSizes)).toContain(
    `width="54" height="100"`,
  );
  expect(sanitizeContent(`<img src="/images/card-plane.svg" width="4000" height="3000">`, withSizes)).toContain(
    `width="4000" height="7407"`,
  );
  // A width that is no number of pixels is replaced; an unknown file, or no reader, leaves the image as it is.
  expect(sanitizeContent(`<img src="/images/card-plane.svg" width="100%">`, withSizes)).toContain(
    `width="270" height="500"`,
  );
  expect(sanitizeContent(`<img src="/images/other.svg">`, withSizes)).toBe(
    `<img src="/images/other.svg" alt="" loading="lazy" decoding="async" />`,
  );
  expect(sanitizeContent(`<img src="/images/card-plane.svg">`, en)).toBe(
    `<img src="/images/card-plane.svg" alt="" loading="lazy" decoding="async" />`,
  );
  // Only kept images are looked up.
  const asked: string[] = [];
  sanitizeContent(`<img src="https://cdn.example/x.png"><img src="//cdn.example/y.png">`, {
    ...en,
    imageSize: (src) => {
      asked.push(src);
      return undefined;
    },
  });
  expect(asked).toEqual([]);
});
