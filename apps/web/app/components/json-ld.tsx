import { jsonLdText } from "../lib/json-ld.ts";

/**
 * A schema.org data block (`<script type="application/ld+json">`, product §2). Its text is
 * escaped by `jsonLdText` (no `<` can end the element). The page CSP hashes only runnable
 * scripts, not data blocks (`apps/server/src/csp.ts`), so cached pages stay valid.
 */
export function JsonLd({ data }: { data: object }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonLdText, a data block that never runs
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
