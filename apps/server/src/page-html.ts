/**
 * Readers of a page's server HTML for the page tests (pages.api.test.ts; split from it,
 * decision 025): its `<meta>` tags, its JSON-LD, React's character references, and the
 * HTML checker's messages as readable lines.
 */
import path from "node:path";
import type { CheckerMessage } from "../../../e2e/html-checker.ts";

/** The `<meta>` tags of a page's HTML, each as its attributes (entities left as sent). */
export function metaTags(html: string): Record<string, string>[] {
  return [...html.matchAll(/<meta\s([^>]*?)\/?>/g)].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? "").matchAll(/(?<![\w:-])([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    ),
  );
}

/** The few character references React writes in attribute and text content. */
export function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** `page (line N): message [extract]`, one per line, for a readable failure. */
export function readable(messages: CheckerMessage[], pages: Map<string, string>): string[] {
  return messages.map((m) => {
    const page = pages.get(path.basename(new URL(m.url).pathname)) ?? m.url;
    const where = m.lastLine ? `line ${m.lastLine}` : "document";
    return `${page} (${where}): ${m.subType ?? m.type}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`;
  });
}

/** The `<script type="application/ld+json">` blocks of a page's server HTML, parsed. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => JSON.parse(text ?? "") as Record<string, unknown>,
  );
}
