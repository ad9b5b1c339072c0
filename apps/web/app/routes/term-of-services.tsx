import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LegalDocument } from "../components/legal-document.tsx";
import { loadLegal } from "../lib/content.server.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/term-of-services";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** /term-of-services (product §2): the TermsAndConditions document and the page's messages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [document, messages] = await Promise.all([
    loadLegal(context, "TermsAndConditions", languageOfRequest(request)),
    messagesFor(request, "legal"),
  ]);
  return { document, messages };
}

const title = msg`Terms and Conditions`;

export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const company = companyFromMatches(matches) ?? "";
  return pageMeta(matches, {
    title: i18n._(title),
    description: i18n._(msg`The terms and conditions of the horse transport and shipping services of ${company}.`),
  });
}

export default function TermOfServices({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return <LegalDocument heading={i18n._(title)} document={loaderData.document} />;
}
