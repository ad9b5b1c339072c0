import { useLingui } from "@lingui/react/macro";
import { Link } from "../lib/i18n/link.tsx";

/**
 * A home section heading with its 'Show all' link (product §2). The link's name also says
 * which list it shows ('Show all Transport schedule': the section's title, hidden), so the
 * page's three are told apart in a screen reader's list of links (WCAG 2.4.9).
 */
export function SectionHeader({ id, title, to }: { id: string; title: string; to: string }) {
  const { t } = useLingui();
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold text-ink md:text-3xl">
        {title}
      </h2>
      <Link to={to} className="font-semibold text-brand underline-offset-4 hover:underline">
        {t`Show all`}
        <span className="sr-only"> {title}</span>
      </Link>
    </div>
  );
}
