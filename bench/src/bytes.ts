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
  const files = resources.map((r) => ({ path: r.path, raw: r.body.length, gzip: gzipSize(r.body) })).sort((a, b) => b.gzip - a.gzip);
  return {
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    files,
  };
}

/**
 * Splits one page load into the table's byte counts. A script is "initial" when the
 * document's HTML names its path (modulepreload links, script src, the inline entry
 * import); other scripts were fetched later (dynamic imports). Only the first document
 * counts as HTML (frames and later navigations are ignored).
 */
export function weigh(resources: readonly LoadedResource[]): WeightResult {
  const document = resources.find((r) => r.kind === "html");
  const html = document ? document.body.toString("utf8") : "";
  const js = resources.filter((r) => r.kind === "js");
  const referenced = (r: LoadedResource) => html.includes(r.path.split("?")[0]!);
  return {
    js: sum(js.filter(referenced)),
    jsLazy: sum(js.filter((r) => !referenced(r))),
    css: sum(resources.filter((r) => r.kind === "css")),
    html: sum(document ? [document] : []),
    transferBytes: resources.reduce((n, r) => n + r.transferBytes, 0),
    requests: resources.length,
  };
}
