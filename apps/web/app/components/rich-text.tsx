import { contentDirection, type Language } from "../lib/i18n/language.ts";
import { foreignLang, useLanguage } from "../lib/i18n/lingui.tsx";
import type { SafeHtml } from "../lib/safe-html.ts";

/**
 * Renders HTML from the API that the server already sanitised (`SafeHtml`, architecture
 * §3.10) with the site's text styles for headings, lists, links and tables. `language` is
 * the item's, as the API sent it (decision 016): the content reads in that language's
 * direction (`rtl` for Arabic, `ltr` for English, whatever its first letter: `contentDirection`),
 * and `lang` names it when it is not the page's (an English text on an Arabic page). When
 * the API did not say (`null`), the direction comes from the first letter (`dir="auto"`).
 */
export function RichText({
  html,
  className = "",
  language,
}: {
  html: SafeHtml;
  className?: string;
  language: Language | null;
}) {
  const lang = foreignLang(language, useLanguage());
  const dir = contentDirection(language);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: `SafeHtml` only comes out of the server's sanitiser
    <div dir={dir} lang={lang} className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
