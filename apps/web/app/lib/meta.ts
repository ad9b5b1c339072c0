/** The document title of a page: '{page} | {company}'. */
export function pageTitle(page: string, company: string | undefined): string {
  return company ? `${page} | ${company}` : page;
}

/** The root loader's config as seen from a route's `meta` (matches[0] is the root). */
export function companyFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { config?: { companyName?: string } } | undefined;
  return root?.config?.companyName;
}
