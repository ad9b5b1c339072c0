/**
 * Which image addresses from the API a page may show (architecture §3.10): a path of this
 * site (`/images/blog/1.svg`), or an http(s) address on one of `origins` (config
 * `imageOrigins`: `IMAGE_ORIGINS` and the API's own origin), which the page's CSP allows.
 * Any other address would be blocked by the browser and show as a broken image: it is
 * `null`, and the page shows what it shows for an item without an image.
 */
export function shownImage(src: string | null | undefined, origins: readonly string[]): string | null {
  const address = src?.trim();
  if (!address) return null;
  // A path of this site, never `//host/…` (another host) or `/\host` (read as one by browsers).
  if (address.startsWith("/") && !/^\/[/\\]/.test(address)) return address;
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  return (url.protocol === "https:" || url.protocol === "http:") && origins.includes(url.origin) ? url.href : null;
}
