import type { Route } from "./+types/privacy-policy";
import { LegalDocument } from "../components/legal-document.tsx";
import { loadLegal } from "../lib/content.server.ts";
import { catalogueFor, useT } from "../lib/i18n/index.ts";
import { companyFromMatches, pageTitle } from "../lib/meta.ts";

/** /privacy-policy (SPEC §2): the PrivacyPolicy document. */
export async function loader({ context }: Route.LoaderArgs) {
  return { document: await loadLegal(context, "PrivacyPolicy") };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = catalogueFor().content.legal;
  const company = companyFromMatches(matches);
  return [{ title: pageTitle(t.privacyTitle, company) }, { name: "description", content: t.privacyDescription(company ?? "") }];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument heading={useT().content.legal.privacyTitle} document={loaderData.document} />;
}
