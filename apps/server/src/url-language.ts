/**
 * The language of a request's URL (decision 016: Arabic lives under `/ar`, English at the
 * spec's paths): what the API client asks for, what the 429 page and the host's own error
 * answers speak. A language is the site's URL layout, not a page rule, so it is read from
 * the path prefix here. `url` is a path with its query (`/ar/flights?type=import`), decoded
 * or not.
 */
export function languageOfUrl(url: string): "ar" | "en" {
  return /^\/ar(\/|$|\?)/i.test(url) ? "ar" : "en";
}
