import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LegalDocument } from "../components/legal-document.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { loadLegal } from "../lib/content.server.ts";
import { i18nWith, messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/privacy-policy";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** /privacy-policy (product §2): the PrivacyPolicy document and the page's messages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const messages = await messagesFor(request, "legal");
  const document = await loadLegal(context, "PrivacyPolicy", languageOfRequest(request), i18nWith(request, messages));
  return { document, messages };
}

const title = msg`Privacy Policy`;

/**
 * Title 'Privacy Policy' and a description naming the company;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  const company = companyFromMatches(matches) ?? "";
  return pageMeta(matches, {
    title: i18n._(title),
    description: i18n._(msg`How ${company} collects, uses and protects your personal data.`),
  });
}

/** An outage of the API (its 503) shows inside the site's header and footer (`PageError`). */
export function ErrorBoundary() {
  return <PageError />;
}

/**
 * /privacy-policy (product §2 Terms and privacy): heading 'Privacy Policy', then the document's title
 * and sanitised content (Arabic on an Arabic page when both are written, else English) with its last
 * update, or 'This document is not available at the moment. Please try again later.' when the API has
 * none (an API failure is a 503 instead, product §4).
 */
export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return <LegalDocument heading={i18n._(title)} document={loaderData.document} />;
}
