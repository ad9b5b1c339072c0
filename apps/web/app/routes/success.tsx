import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/success";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** The page's messages (the `account` area) in its language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "account") };
}

/**
 * Title 'Account deleted' and its description;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(msg`Account deleted`),
    description: i18n._(msg`Your app account and its personal data have been deleted.`),
  });
}

/** /success (product §2): the end of the account-deletion flow. */
export default function Success() {
  const { t } = useLingui();
  return (
    <main id="main" className="mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-24 text-center">
      {/* A bare page (no navigation): the language switch stands on its own. */}
      <div className="-mt-20 mb-8 flex w-full justify-end">
        <LanguageSwitch />
      </div>
      <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-brand text-3xl text-white">
        ✓
      </span>
      <h1 className="text-3xl font-bold">{t`Your Account has been deleted successfully!!`}</h1>
      <Link
        to="/"
        className={
          "inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        {t`Home`}
      </Link>
    </main>
  );
}
