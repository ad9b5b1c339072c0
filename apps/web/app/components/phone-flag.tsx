import type { Country } from "react-phone-number-input";

/**
 * Every country's flag (country-flag-icons' 3:2 SVGs), each built as its own hashed file
 * in `/assets` (the build inlines no asset, so this is a table of URLs, not of images):
 * served from our own origin and cached for a year, and a visitor downloads only the
 * flag of the country the field shows.
 */
const flagUrls = import.meta.glob<string>("../../../../node_modules/country-flag-icons/3x2/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});
const byCountry = new Map(
  Object.entries(flagUrls).map(([file, url]) => [file.slice(file.lastIndexOf("/") + 1, -".svg".length), url]),
);

/** The URL of `country`'s flag on this site, or `undefined` when none ships. */
function flagUrl(country: string): string | undefined {
  return byCountry.get(country.toUpperCase());
}

/**
 * The phone field's flag: the country's SVG as an image, not an emoji (emoji flags are
 * two empty boxes on Linux desktops and headless browsers, two letters on Windows).
 * Decorative: the country select beside it names the country.
 */
export function PhoneFlag({ country, className }: { country?: Country; countryName?: string; className?: string }) {
  const src = country ? flagUrl(country) : undefined;
  // A country without artwork (none today) shows an empty frame rather than a broken image.
  if (!src) return <span aria-hidden="true" className={className} />;
  return <img src={src} alt="" aria-hidden="true" width={24} height={16} className={className} />;
}
