import { createHash } from "node:crypto";

/**
 * The speculation rules of the content pages (decision 024): moving between them is a full
 * page load, so a link the visitor points at (Chromium's `moderate` eagerness: a hover of
 * 200 ms, or the press) has its page fetched ahead. Prefetch only, never prerender (a
 * prerendered page would run its analytics before anyone saw it). Never an invoice link
 * (its URL is a secret: decision 019) nor a download (the calendar files).
 */
const rules = {
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: ["/invoice/*", "/ar/invoice/*", "/*.ics", "/*.xml", "/*.txt"] } },
          { not: { selector_matches: "[download], [rel~=nofollow], [target=_blank]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

/** The rules as served (`application/speculationrules+json`). */
export const speculationRulesJson = JSON.stringify(rules);

/**
 * Where the rules are served: the resource route, with a hash of their text in the query
 * so the file can be kept for a year and a change reaches browsers at once. The
 * `Speculation-Rules` header of a content page names it (a structured-field string).
 */
export const speculationRulesUrl = `/speculation-rules.json?v=${createHash("sha256")
  .update(speculationRulesJson)
  .digest("base64url")
  .slice(0, 12)}`;
