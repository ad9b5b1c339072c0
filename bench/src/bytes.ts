import { gzipSize } from "./stats.ts";
import type { Bytes, WeightResult } from "./types.ts";

export interface LoadedResource {
  /** Path (and query) of the URL. */
  path: string;
  kind: "js" | "css" | "html" | "other";
  body: Buffer;
  transferBytes: number;
}

/** What a response is, from its request type and content type. */
export function kindOf(resourceType: string, contentType: string): LoadedResource["kind"] {
  if (resourceType === "document") return "html";
  if (/javascript|ecmascript/.test(contentType) || resourceType === "script") return "js";
  if (/text\/css/.test(contentType) || resourceType === "stylesheet") return "css";
  return "other";
}

function sum(resources: readonly LoadedResource[]): Bytes {
  const files = resources
    .map((r) => ({ path: r.path, raw: r.body.length, gzip: gzipSize(r.body) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    files,
  };
}

/** A resource path without its query string. */
function withoutQuery(resourcePath: string): string {
  const query = resourcePath.indexOf("?");
  return query === -1 ? resourcePath : resourcePath.slice(0, query);
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers of an ES module (not `import("x")`). */
export function staticImports(source: string): string[] {
  const out: string[] = [];
  const pattern = /\b(?:import|export)\s*(?:[^"'();=]*?\bfrom\s*)?["']([^"']+)["']/g;
  for (const [, specifier] of source.matchAll(pattern)) if (specifier) out.push(specifier);
  return out;
}

/**
 * Splits one page load into the table's byte counts. `js` is every script the load
 * fetched until the network was idle (what the budget counts, architecture §5). Of it, a script
 * is "initial" when the document's HTML names its path (module preload links, script
 * src, the inline entry and route-module imports) or when an initial script imports it
 * statically: the browser must load all of these before the page hydrates, preload
 * hints or not. The rest were reached by dynamic `import()` after that ("lazy"). Only
 * the first document counts as HTML (frames and later navigations are ignored).
 */
export function weigh(resources: readonly LoadedResource[]): WeightResult {
  const document = resources.find((r) => r.kind === "html");
  const html = document ? document.body.toString("utf8") : "";
  const js = resources.filter((r) => r.kind === "js");
  const byPath = new Map(js.map((r) => [withoutQuery(r.path), r]));
  const initial = new Set<string>();
  const queue = [...byPath.keys()].filter((p) => html.includes(p));
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    if (initial.has(current)) continue;
    initial.add(current);
    const body = byPath.get(current)?.body.toString("utf8") ?? "";
    for (const specifier of staticImports(body)) {
      const resolved = new URL(specifier, `http://bench${current}`).pathname;
      if (byPath.has(resolved) && !initial.has(resolved)) queue.push(resolved);
    }
  }
  const isInitial = (r: LoadedResource) => initial.has(withoutQuery(r.path));
  return {
    js: sum(js),
    jsInitial: sum(js.filter(isInitial)),
    jsLazy: sum(js.filter((r) => !isInitial(r))),
    css: sum(resources.filter((r) => r.kind === "css")),
    html: sum(document ? [document] : []),
    transferBytes: resources.reduce((n, r) => n + r.transferBytes, 0),
    requests: resources.length,
    unreadable: js.filter((r) => r.body.length === 0).map((r) => r.path),
  };
}
