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
  return onImageOrigin(address, origins) ? new URL(address).href : null;
}

/**
 * Whether `address` is an absolute http(s) address on one of `origins` (config
 * `imageOrigins`), the image hosts besides the site that the page's CSP `img-src` names: the
 * cards' images (`shownImage`) and the images in the API's HTML (the sanitiser) alike.
 */
export function onImageOrigin(address: string, origins: readonly string[]): boolean {
  if (!/^https?:/i.test(address) || !URL.canParse(address)) return false;
  return origins.includes(new URL(address).origin);
}
