import type { SafeHtml } from "../lib/safe-html.ts";

/**
 * Renders HTML from the API that the server already sanitised (`SafeHtml`, architecture
 * §3.10) with the site's text styles for headings, lists, links and tables.
 */
export function RichText({ html, className = "" }: { html: SafeHtml; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
