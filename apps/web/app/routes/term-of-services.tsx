import type { Route } from "./+types/term-of-services";
import { LegalDocument } from "../components/legal-document.tsx";
import { loadLegal } from "../lib/content.server.ts";
import { catalogueFor, useT } from "../lib/i18n/index.ts";
import { companyFromMatches, pageTitle } from "../lib/meta.ts";

/** /term-of-services (SPEC §2): the TermsAndConditions document. */
export async function loader({ context }: Route.LoaderArgs) {
  return { document: await loadLegal(context, "TermsAndConditions") };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = catalogueFor().content.legal;
  const company = companyFromMatches(matches);
  return [{ title: pageTitle(t.termsTitle, company) }, { name: "description", content: t.termsDescription(company ?? "") }];
}

export default function TermOfServices({ loaderData }: Route.ComponentProps) {
  return <LegalDocument heading={useT().content.legal.termsTitle} document={loaderData.document} />;
}
