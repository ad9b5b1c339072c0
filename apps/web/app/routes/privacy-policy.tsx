import { LegalDocument } from "../components/legal-document.tsx";
import { loadLegal } from "../lib/content.server.ts";
import { legalCatalogueFor, useLegalT } from "../lib/i18n/legal.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/privacy-policy";

/** /privacy-policy (product §2): the PrivacyPolicy document. */
export async function loader({ context }: Route.LoaderArgs) {
  return { document: await loadLegal(context, "PrivacyPolicy") };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = legalCatalogueFor().legal;
  const company = companyFromMatches(matches);
  return pageMeta(matches, { title: t.privacyTitle, description: t.privacyDescription(company ?? "") });
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument heading={useLegalT().legal.privacyTitle} document={loaderData.document} />;
}
