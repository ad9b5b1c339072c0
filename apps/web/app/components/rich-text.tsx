import type { SafeHtml } from "../lib/safe-html.ts";

/**
 * Renders HTML from the API that the server already sanitised (`SafeHtml`, architecture
 * §3.10) with the site's text styles for headings, lists, links and tables. The content
 * keeps its own writing direction (`dir="auto"`, from its first letter): an English text
 * shown on an Arabic page still reads left to right, with its punctuation in place, and
 * `lang` names its language when it is not the page's (decision 016).
 */
export function RichText({ html, className = "", lang }: { html: SafeHtml; className?: string; lang?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: `SafeHtml` only comes out of the server's sanitiser
    <div dir="auto" lang={lang} className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
