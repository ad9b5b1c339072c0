import { speculationRulesJson } from "../lib/speculation-rules.server.ts";

/**
 * /speculation-rules.json: the prefetch rules that content pages name in their
 * `Speculation-Rules` header (decision 024). The URL they use carries a hash of the text,
 * so the file is kept for a year.
 */
export function loader() {
  return new Response(speculationRulesJson, {
    headers: {
      "content-type": "application/speculationrules+json",
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
