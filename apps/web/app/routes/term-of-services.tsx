import { LegalDocument } from "../components/legal-document.tsx";
import { loadLegal } from "../lib/content.server.ts";
import { legalCatalogueFor, useLegalT } from "../lib/i18n/legal.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/term-of-services";

/** /term-of-services (product §2): the TermsAndConditions document. */
export async function loader({ context }: Route.LoaderArgs) {
  return { document: await loadLegal(context, "TermsAndConditions") };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = legalCatalogueFor().legal;
  const company = companyFromMatches(matches);
  return pageMeta(matches, { title: t.termsTitle, description: t.termsDescription(company ?? "") });
}

export default function TermOfServices({ loaderData }: Route.ComponentProps) {
  return <LegalDocument heading={useLegalT().legal.termsTitle} document={loaderData.document} />;
}
