import { httpGet } from "./http.ts";
import { gzipSize, median, percentile } from "./stats.ts";

/**
 * Median time in ms of `samples` (at least 1) sequential GETs of `url` after 3 warm-up
 * requests (the API call a page makes, to split a page's render time into data and rendering).
 */
export async function measureMedian(url: string, samples: number): Promise<number> {
  for (let i = 0; i < 3; i++) await httpGet(url);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await httpGet(url)).ms);
  return measured(median(times));
}

/** A statistic of a non-empty sample list (the callers take at least one sample). */
function measured(value: number | null): number {
  if (value === null) throw new Error("no samples were taken");
  return value;
}

/**
 * Server time to render the full HTML of `url`: `samples` (at least 1) sequential GETs (no
 * compression, one kept-alive socket) after 5 warm-up requests, each with its own unknown
 * query parameter (`__bench=render-<n>`) so that the page cache never answers (decision 017);
 * answers the median and p90 in ms and the HTML size raw and gzipped at level 9. Throws when
 * the page does not answer 200.
 */
export async function measureRender(
  url: string,
  samples: number,
): Promise<{
  medianMs: number;
  p90Ms: number;
  htmlRaw: number;
  htmlGzip: number;
  inlineScriptRaw: number;
  cardsInHtml: number;
}> {
  const cold = (n: number) => `${url}${url.includes("?") ? "&" : "?"}__bench=render-${n}`;
  for (let i = 0; i < 5; i++) await httpGet(cold(i));
  const times: number[] = [];
  let body: Buffer = Buffer.alloc(0);
  for (let i = 0; i < samples; i++) {
    const answer = await httpGet(cold(5 + i));
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    times.push(answer.ms);
    body = answer.body;
  }
  const html = body.toString("utf8");
  return {
    medianMs: measured(median(times)),
    p90Ms: measured(percentile(times, 90)),
    htmlRaw: body.length,
    htmlGzip: gzipSize(body),
    inlineScriptRaw: inlineScriptBytes(html),
    cardsInHtml: cardsIn(html),
  };
}

/** Schedule cards (event and flight cards carry the `card` class) in a page's HTML. */
export function cardsIn(html: string): number {
  return html.match(/<button[^>]*\bclass="card\b/g)?.length ?? 0;
}

/** UTF-8 bytes of the contents of inline `<script>` elements (no `src`) in `html`. */
export function inlineScriptBytes(html: string): number {
  let total = 0;
  for (const [, contents = ""] of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
    total += Buffer.byteLength(contents, "utf8");
  return total;
}
