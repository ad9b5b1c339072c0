import { useLingui } from "@lingui/react/macro";
import { Link } from "../lib/i18n/link.tsx";
import { BDI_SLOTS, BdiText } from "./bdi-text.tsx";

/**
 * A home section heading with its 'Show all' link (product §2). The link's name also says
 * which list it shows ('Show all Transport schedule': the section's title, hidden), so the
 * page's three are told apart in a screen reader's list of links (WCAG 2.4.9). One message,
 * 'Show all {list}', so a translation may put the list's name where its language wants it.
 */
export function SectionHeader({ id, title, to }: { id: string; title: string; to: string }) {
  const { t } = useLingui();
  const [list] = BDI_SLOTS;
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold text-ink md:text-3xl">
        {title}
      </h2>
      <Link to={to} className="font-semibold text-brand underline-offset-4 hover:underline">
        <BdiText text={t`Show all ${list}`} values={[title]} className="sr-only" />
      </Link>
    </div>
  );
}
