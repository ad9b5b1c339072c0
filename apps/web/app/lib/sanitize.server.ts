import { type AnyNode, Element, isTag, isText, Text } from "domhandler";
import { DomUtils, Parser, parseDocument } from "htmlparser2";
import sanitize from "sanitize-html";
import { type Language, localizedPath } from "./i18n/language.ts";
import type { ImageSize } from "./image-sizes.server.ts";
import { onImageOrigin } from "./images.server.ts";
import type { SafeHtml } from "./safe-html.ts";

/**
 * What API HTML (blog content, terms, privacy, release notes and logs) may keep: text
 * structure, lists, links, tables and same-site images. No scripts, styles, event
 * handlers, forms or frames; links only to http(s), mailto and tel; images only from
 * this site (the page's CSP allows no other image host). A link to this site written
 * with its public origin is made root-relative (`ownPath`), and one to a page of the site is
 * written in `language` (`inLanguage`). Any element may say its writing direction and
 * language (`dir`, `lang`: `directionAndLanguage`), and `<bdi>` isolates a run of the
 * other direction, so that editors can mark mixed texts. Any element may have an id, which
 * links in the content lead to (`contentId`, `contentHref`; `contentIds` are the ids the
 * content gives, as written).
 */
const optionsFor = (
  { language, publicOrigin, headingLevel, idPrefix = "c-", imageSize, imageOrigins = [] }: ContentOptions,
  contentIds: ReadonlySet<string>,
): sanitize.IOptions => {
  const heading = headingShift(headingLevel);
  return {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "p",
      "br",
      "hr",
      "blockquote",
      "ul",
      "ol",
      "li",
      "dl",
      "dt",
      "dd",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "small",
      "mark",
      "sub",
      "sup",
      "abbr",
      "bdi",
      "code",
      "pre",
      "span",
      "a",
      "img",
      "figure",
      "figcaption",
      "table",
      "caption",
      "thead",
      "tbody",
      "tfoot",
      "tr",
      "th",
      "td",
      // Where media was dropped, for `finished` (never in its result).
      DROPPED,
    ],
    allowedAttributes: {
      // dir, lang and id are checked by the "*" transform below; rel, loading and decoding are
      // set by transformTags (which runs before this filter).
      "*": ["dir", "lang", "id"],
      a: ["href", "title", "rel"],
      img: ["src", "alt", "width", "height", "loading", "decoding"],
      abbr: ["title"],
      ol: ["start", "reversed"],
      th: ["scope", "colspan", "rowspan"],
      td: ["colspan", "rowspan"],
      [DROPPED]: ["data-label"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    // Absolute image addresses only when some origin may serve them (`imageSourceAllowed`).
    allowedSchemesByTag: { img: imageOrigins.length > 0 ? ["http", "https"] : [] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      // Headings continue the page's outline (`headingShift`): the page's own title is the only h1.
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: heading,
      h6: heading,
      // The rel of a link is ours, never the content's (`rel="opener"` would undo it). The
      // address is written as a browser reads it (`hrefAsBrowsersRead`), one to this site's
      // public origin as a path (`ownPath`), and a link to another site (http or https, or an
      // address that starts with two slashes of either kind, which browsers read as another
      // host) gets noopener noreferrer.
      // An old-style anchor's name is its id. A link to a place in the content (`#faq`) leads to
      // its id as the "*" transform writes it (`contentHref`).
      a: (tagName, { rel: _theirs, name, ...theirs }) => {
        const attribs = theirs.id === undefined && name !== undefined ? { ...theirs, id: name } : theirs;
        if (attribs.href === undefined) return { tagName, attribs };
        const href = ownPath(hrefAsBrowsersRead(attribs.href), publicOrigin);
        if (href.startsWith("#")) {
          const { href: _fragment, ...others } = attribs;
          const target = contentHref(href, idPrefix, contentIds);
          return { tagName, attribs: target === undefined ? others : { ...others, href: target } };
        }
        const external = /^https?:/i.test(href) || /^[/\\]{2}/.test(href);
        return {
          tagName,
          attribs: external
            ? { ...attribs, href, rel: "noopener noreferrer" }
            : { ...attribs, href: inLanguage(href, language) },
        };
      },
      // An image from another host is dropped (`imageSourceAllowed`): its alt may still name a
      // link. A kept one gets the width and height its file has (`withSize`).
      img: (tagName, attribs) =>
        imageSourceAllowed(attribs.src, imageOrigins)
          ? {
              tagName,
              attribs: {
                ...withSize(attribs, imageSize),
                alt: attribs.alt ?? "",
                loading: "lazy",
                decoding: "async",
              },
            }
          : dropped(attribs.alt),
      // Frames and players are dropped; their title, else their address, may still name a link.
      iframe: (_tagName, attribs) => dropped(attribs.title ?? attribs["aria-label"] ?? attribs.src),
      video: (_tagName, attribs) => dropped(attribs.title ?? attribs["aria-label"] ?? attribs.src),
      audio: (_tagName, attribs) => dropped(attribs.title ?? attribs["aria-label"] ?? attribs.src),
      embed: (_tagName, attribs) => dropped(attribs.title ?? attribs.src),
      object: (_tagName, attribs) => dropped(attribs.title ?? attribs.data),
      // The content's own marker is discarded like any unknown element: only ours carries a label.
      [DROPPED]: () => ({ tagName: "khayl-forged", attribs: {} }),
      "*": (tagName, attribs) => ({ tagName, attribs: contentId(directionAndLanguage(attribs), idPrefix) }),
    },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    // An image that `imageSourceAllowed` kept (the transform set its `loading`) but whose
    // address sanitize-html's own check then refused is dropped rather than left empty.
    exclusiveFilter: (frame) => frame.tag === "img" && frame.attribs.loading !== undefined && !frame.attribs.src,
  };
};

/**
 * Whether an image's address may be kept: this site's files, by a relative address (no
 * scheme, not starting with two slashes of either kind, which browsers read as another host),
 * or an http(s) address on one of `origins` (config `imageOrigins`: `IMAGE_ORIGINS` and the
 * API's origin), the hosts the page's CSP `img-src` names. The one place that decides it
 * (sanitize-html's scheme check on `src` stays as a second line).
 */
function imageSourceAllowed(src: string | undefined, origins: readonly string[]): boolean {
  if (src === undefined) return false;
  const address = hrefAsBrowsersRead(src);
  if (address === "" || /^[/\\]{2}/.test(address)) return false;
  return !/^[a-z][a-z0-9+.-]*:/i.test(address) || onImageOrigin(address, origins);
}

/** A whole number of pixels above zero, as an image's width or height attribute says one. */
const PIXELS = /^\s*[1-9][0-9]{0,5}\s*$/;

/**
 * An image's attributes with a width and height in its file's proportions, so that the
 * browser keeps its place before it loads and nothing below it moves (CLS): its file's size
 * when the content gives none; the width the content gives (else its height) with the other
 * following the file's proportions (a height that contradicts them would be the place kept,
 * and the picture, drawn at `height: auto`, would then move what follows). Without `sizeOf`,
 * or a size for its address, nothing changes.
 */
function withSize(attribs: sanitize.Attributes, sizeOf: ContentOptions["imageSize"]): sanitize.Attributes {
  const { width, height, ...others } = attribs;
  const given = {
    width: width && PIXELS.test(width) ? Number(width) : undefined,
    height: height && PIXELS.test(height) ? Number(height) : undefined,
  };
  const size = attribs.src === undefined ? undefined : sizeOf?.(hrefAsBrowsersRead(attribs.src));
  if (!size) return attribs;
  const [w, h] =
    given.width !== undefined
      ? [given.width, Math.max(1, Math.round((given.width * size.height) / size.width))]
      : given.height !== undefined
        ? [Math.max(1, Math.round((given.height * size.width) / size.height)), given.height]
        : [size.width, size.height];
  return { ...others, width: String(w), height: String(h) };
}

/**
 * The element the sanitiser leaves where it dropped an image or a player, with the text that
 * could stand for it (an image's alt, a frame's title or address), for `finished`, which
 * removes every one of them.
 */
const DROPPED = "khayl-dropped";

/** A `DROPPED` marker for sanitize-html's `transformTags`, labelled with `label` when it has text. */
function dropped(label: string | undefined): sanitize.Tag {
  const text = label?.replace(/\s+/g, " ").trim();
  return { tagName: DROPPED, attribs: text ? { "data-label": text } : {} };
}

/**
 * The sanitised content's last touches, on its parsed tree (only what the sanitiser let
 * through, and text; written back escaped):
 * - a link (with an address) that has no text and no image with an alt would be an empty
 *   focusable link that a screen reader announces as "link" alone: the text of the media
 *   dropped in it (`dropped`) becomes its text; else, when it holds an image whose alt is
 *   empty, that alt becomes the link's address as a reader hears it (`addressAsText`: the
 *   link's purpose, where a file name says nothing); else the link is removed, its content
 *   kept;
 * - the markers of dropped media are removed, their content kept;
 * - paragraphs left with no text, image or anchor target (`<p></p>`, `<p>&nbsp;</p>`, one whose
 *   only image was dropped) are removed;
 * - each table is wrapped in a scroll container that keyboard users can reach and scroll and
 *   that screen readers name (`tableRegion`), and its cells' and caption's long words may break
 *   (`breakableLongWords`).
 */
function finished(html: string, tableLabel: string): string {
  const document = parseDocument(html);
  const all = (name: string) => DomUtils.findAll((e) => e.name === name, document.children);
  // Innermost links first.
  for (const link of all("a").reverse()) {
    if (link.attribs.href === undefined || hasName(link)) continue;
    const marker = DomUtils.findOne((e) => e.name === DROPPED && Boolean(e.attribs["data-label"]), link.children);
    const image = DomUtils.findOne((e) => e.name === "img", link.children);
    if (marker) DomUtils.prepend(marker, new Text(marker.attribs["data-label"] ?? ""));
    else if (image) image.attribs.alt = addressAsText(link.attribs.href);
    else unwrap(link);
  }
  for (const marker of all(DROPPED)) unwrap(marker);
  for (const paragraph of all("p").reverse())
    if (
      !/\S/.test(DomUtils.textContent(paragraph)) &&
      !DomUtils.findOne((e) => e.name === "img" || e.attribs.id !== undefined, paragraph.children)
    )
      DomUtils.removeElement(paragraph);
  for (const table of all("table")) {
    for (const text of DomUtils.findAll((e) => /^(td|th|caption)$/.test(e.name), [table]).flatMap(textsOf))
      breakableLongWords(text);
    tableRegion(table, tableLabel);
  }
  return DomUtils.getOuterHTML(document.children, { encodeEntities: "utf8", selfClosingTags: true, emptyAttrs: true });
}

/**
 * A table in a scroll container (`<div class="rich-table" role="region" tabindex="0"
 * aria-label>`; app.css scrolls it and keeps the caption in view): a wide table scrolls
 * inside it, not the page, and a keyboard user can reach it and scroll it with the arrow keys
 * (axe `scrollable-region-focusable`); its name is the caption's text, else `label`.
 */
function tableRegion(table: Element, label: string): void {
  const caption = table.children.find((child) => isTag(child) && child.name === "caption");
  const name = caption ? DomUtils.textContent(caption).replace(/\s+/g, " ").trim() : "";
  const region = new Element("div", {
    class: "rich-table",
    role: "region",
    tabindex: "0",
    "aria-label": name || label,
  });
  DomUtils.replaceElement(table, region);
  DomUtils.appendChild(region, table);
}

/** The text nodes under `element`. */
function textsOf(element: Element): Text[] {
  return DomUtils.filter(isText, element).filter(isText);
}

/** The graphemes of a text (a letter and its marks, an emoji, stay whole). */
const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/**
 * A text with a place to break (`<wbr>`) after every 16 letters of each run of more than 20
 * without a space (a pasted address, a long code), so that a table cell is no wider than its
 * longest ordinary word: the run breaks only where the line would overflow, and ordinary
 * words never. (`overflow-wrap: anywhere` on the cells would let the table shrink every
 * column to a letter or two.)
 */
function breakableLongWords(text: Text): void {
  if (!/\S{21,}/u.test(text.data)) return;
  const pieces: AnyNode[] = [];
  for (const part of text.data.split(/(\S{21,})/u)) {
    if (!/^\S{21,}$/u.test(part)) {
      if (part) pieces.push(new Text(part));
      continue;
    }
    const letters = [...graphemes.segment(part)].map((segment) => segment.segment);
    for (let start = 0; start < letters.length; start += 16) {
      if (start > 0) pieces.push(new Element("wbr", {}));
      pieces.push(new Text(letters.slice(start, start + 16).join("")));
    }
  }
  for (const piece of pieces) DomUtils.prepend(text, piece);
  DomUtils.removeElement(text);
}

/** Whether a link has a name: text, or an image with an alt. */
function hasName(link: Element): boolean {
  return (
    /\S/.test(DomUtils.textContent(link)) ||
    DomUtils.findOne((e) => e.name === "img" && /\S/.test(e.attribs.alt ?? ""), link.children) !== null
  );
}

/** An element replaced by its content. */
function unwrap(element: Element): void {
  for (const child of [...element.children]) DomUtils.prepend(element, child);
  DomUtils.removeElement(element);
}

/**
 * A link's address as a screen reader should say it: without `https://`, `mailto:` or `tel:`
 * (`www.fei.org/rules`, `help@khayl.ae`, `+97160000000`), a path of the site as it is.
 */
function addressAsText(href: string): string {
  return href.replace(/^(https?:)?\/\/|^(mailto|tel):/i, "") || href;
}

/** What the sanitiser needs to know of the page the content is shown on. */
export interface ContentOptions {
  /** The page's language: links to the site's pages lead to that language's (`inLanguage`). */
  language: Language;
  /**
   * The site's public origin (config `PUBLIC_URL`, `context.config.publicUrl` in a loader,
   * e.g. `https://khayl.ae`): a link editors pasted from the address bar is this site's.
   */
  publicOrigin: string;
  /**
   * The heading level the content starts at, below the page's headings above it (2 under the
   * page's h1, 4 under a card's h3): its highest heading gets this level (`headingShift`).
   */
  headingLevel: HeadingLevel;
  /** The name of a table without a caption, in the page's language ('Table'). */
  tableLabel: string;
  /**
   * The intrinsic size of the site's image at an address (`imageSizesIn`), for the width and
   * height of images that have none (`withSize`); without it they are left as they are.
   */
  imageSize?: (src: string) => ImageSize | undefined;
  /**
   * Other origins images may come from (config `imageOrigins`: `IMAGE_ORIGINS` and the API's
   * origin), which the page's CSP allows; without them only the site's own files are kept.
   */
  imageOrigins?: readonly string[];
  /**
   * What the content's ids start with (default `c-`: `id="faq"` is `c-faq`), so that they
   * never name one of the page's own elements (`#main`, its dialogs and forms). A page that
   * shows several texts gives each its own (`c-12-`), so that their ids stay apart.
   */
  idPrefix?: string;
}

/**
 * An id editors may give an element, or a link's fragment may name: letters of any script,
 * marks, digits, `_`, `-` and `.`, at most 100 of them; other ids are dropped.
 */
const CONTENT_ID = /^[\p{L}\p{M}\p{N}_.-]{1,100}$/u;

/** The attributes with their `id` (a `CONTENT_ID`) written with `prefix`, or without it. */
function contentId(attribs: sanitize.Attributes, prefix: string): sanitize.Attributes {
  const { id, ...others } = attribs;
  return id !== undefined && CONTENT_ID.test(id) ? { ...others, id: `${prefix}${id}` } : others;
}

/**
 * A link to a place in the content (`#faq`) as the ids are written (`#c-faq`, `contentId`),
 * also when it names one of the page's own ids (`#main` is `#c-main`: content leads only
 * into itself). `#` and `#top` with no such id in the content keep their meaning, the top
 * of the page. `undefined` (no address) for a fragment no id can have (`#a b`, `#x"y`).
 */
function contentHref(href: string, prefix: string, contentIds: ReadonlySet<string>): string | undefined {
  const fragment = href.slice(1);
  let target: string;
  try {
    target = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  if ((target === "" || target.toLowerCase() === "top") && !contentIds.has(target)) return href;
  return CONTENT_ID.test(target) ? `#${prefix}${fragment}` : undefined;
}

/** The ids and anchor names the content's elements are given, as written. */
function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  const parser = new Parser({
    onopentag(_name, attribs) {
      if (attribs.id !== undefined) ids.add(attribs.id);
      if (attribs.name !== undefined) ids.add(attribs.name);
    },
  });
  parser.end(html);
  return ids;
}

/** A heading level the content may start at (the page's own title is its only h1). */
type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/**
 * The content's headings as a part of the page's outline: each heading's level from its
 * place among the headings before it, not from its number. The first, and any heading of
 * a level as high as any before it, is at `start`; a heading of a lower level than the one
 * before it is one level below that one, never more (`h2` then `h5` are `start` and
 * `start + 1`: assistive technology announces no skipped level); the deepest is `h6`.
 * For sanitize-html's `transformTags`, which sees the opening tags in document order: one
 * per sanitised text.
 */
function headingShift(start: HeadingLevel): sanitize.Transformer {
  // The headings whose sections are still open: their level in the content, and on the page.
  const open: { source: number; level: number }[] = [];
  return (tagName, attribs) => {
    const source = Number(tagName.slice(1));
    while (open.length > 0 && (open.at(-1)?.source ?? 0) >= source) open.pop();
    const parent = open.at(-1);
    const level = Math.min(6, parent ? parent.level + 1 : start);
    open.push({ source, level });
    return { tagName: `h${level}`, attribs };
  };
}

/**
 * A link to this site written with its public origin (`https://khayl.ae/transport?x#y`,
 * `//khayl.ae/…`, either scheme, any case), as a root-relative path (`/transport?x#y`),
 * so that it is a link of the site like any other (no `rel`, written in the page's
 * language); any other address is kept as it is. A path that a browser would read as
 * another host once relative (`https://khayl.ae//evil.example`) stays absolute.
 */
function ownPath(href: string, publicOrigin: string): string {
  if (!/^(https?:)?[/\\]{2}/i.test(href)) return href;
  let url: URL;
  let own: URL;
  try {
    url = new URL(href, publicOrigin);
    own = new URL(publicOrigin);
  } catch {
    return href;
  }
  if (!/^https?:$/.test(url.protocol) || url.host !== own.host || /^\/[/\\]/.test(url.pathname)) return href;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A language tag as BCP 47 writes one: a 2–3 letter language, then subtags of 1–8 letters or digits. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

/**
 * An element's attributes with its `dir` kept only when it is `ltr`, `rtl` or `auto` (in
 * lower case) and its `lang` only when it looks like a language tag (`ar`, `en-GB`,
 * `zh-Hant-TW`; at most 35 characters); other values are dropped. The other attributes are
 * left to sanitize-html's allow-list.
 */
function directionAndLanguage(attribs: sanitize.Attributes): sanitize.Attributes {
  const { dir, lang, ...others } = attribs;
  const direction = dir?.trim().toLowerCase();
  const language = lang?.trim();
  return {
    ...others,
    ...(direction === "ltr" || direction === "rtl" || direction === "auto" ? { dir: direction } : {}),
    ...(language && language.length <= 35 && LANGUAGE_TAG.test(language) ? { lang: language } : {}),
  };
}

/**
 * A same-site link of content shown on a page in `language`, to the page in that language
 * (`/transport?discipline=endurance` on an Arabic page is `/ar/transport?…`; decision 016):
 * the Arabic texts the API writes link to the site's English paths. Only a path of a page
 * or of a calendar file (both exist in Arabic): not already Arabic (`/ar`, `/AR/…`), not
 * under `/api/`, `/assets/`, `/images/` or `/.well-known/`, and whose last segment names no
 * other file (`/images/a.png`, `/sitemap.xml` stay); any other address is kept as it is.
 */
function inLanguage(href: string, language: Language): string {
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  if (
    !path.startsWith("/") ||
    /^\/(ar|api|assets|images|\.well-known)(\/|$)/i.test(path) ||
    (lastSegment.includes(".") && !lastSegment.toLowerCase().endsWith(".ics"))
  )
    return href;
  return `${localizedPath(path, language)}${cut === -1 ? "" : href.slice(cut)}`;
}

/**
 * A link's address as a browser's URL parser reads it (WHATWG URL: leading and trailing C0
 * controls and spaces trimmed, tabs and line breaks removed anywhere): `"ht\ttps://x"` and
 * `"\u0001https://x"` are `https://x` to a browser, though not to a pattern on the text.
 */
function hrefAsBrowsersRead(href: string): string {
  let start = 0;
  let end = href.length;
  while (start < end && href.charCodeAt(start) <= 0x20) start++;
  while (end > start && href.charCodeAt(end - 1) <= 0x20) end--;
  return href.slice(start, end).replace(/[\t\n\r]/g, "");
}

/**
 * Sanitises HTML from the API for rendering on a page in `options.language` (architecture
 * §3.10, product §2 "HTML content"): its links to the site's pages, also those written with
 * `options.publicOrigin`, lead to that language's; its headings start at
 * `options.headingLevel`; its ids start with `options.idPrefix`, and so do its links to
 * them. `null`/`undefined` give an empty string. Never throws.
 */
export function sanitizeContent(html: string | null | undefined, options: ContentOptions): SafeHtml {
  const source = html ?? "";
  return finished(sanitize(source, optionsFor(options, idsOf(source))), options.tableLabel) as SafeHtml;
}

/** The characters of the references sanitize-html writes in text (`plainTextExcerpt`). */
const TEXT_REFERENCES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/**
 * The plain text of API HTML, whitespace collapsed, cut at a word boundary to at most
 * `maxLength` characters with '…' (for `<meta name="description">`).
 */
export function plainTextExcerpt(html: string | null | undefined, maxLength = 160): string {
  // Block ends become spaces so that "<p>a</p><p>b</p>" reads "a b".
  const spaced = (html ?? "").replace(/<br\s*\/?>|<\/(p|li|h[1-6]|div|tr|td|th|dd|dt|blockquote|figcaption)>/gi, " $&");
  // One pass over the references sanitize-html writes: decoding `&amp;` first would turn the
  // text `&lt;b&gt;` (sent as `&amp;lt;b&amp;gt;`) into `<b>`.
  const text = sanitize(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_reference, name: string) => TEXT_REFERENCES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/(?<![\s,.;:])[\s,.;:]+$/, "")}…`;
}
