import type { RouteHandle } from "@khayl/contract/page-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { Logo } from "../components/logo.tsx";
import { StoreButtons } from "../components/store-buttons.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/links";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** /links is static: its loader only sends the page's messages. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "links") };
}

/** The page's (visually hidden) heading and document title, '{company} links'. */
function heading(company: string): MessageDescriptor {
  return msg`${company} links`;
}

/**
 * Document title '{company} links' (no '| {company}' suffix) and a description of the hub;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const title = i18n._(heading(companyFromMatches(matches) ?? ""));
  return pageMeta(matches, {
    title,
    documentTitle: title,
    description: i18n._(msg`Get our app, see the show and flight schedules, or contact our support team.`),
  });
}

const tile =
  "flex min-h-14 items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 text-lg font-semibold text-ink " +
  "shadow-sm ring-1 ring-slate-200 hover:bg-brand-50";

function Arrow() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 stroke-current text-brand rtl:-scale-x-100"
      fill="none"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

/**
 * /links (product §2): the link hub behind the QR code — 'Get our App' (store buttons),
 * 'Our Schedules' (Shows → /transport, Flight → /flights) and 'Always here to
 * assist.' with 'Contact Support' → /contact-us, each in the page's language. Bare page,
 * phone-first, with the language switch.
 */
export default function Links() {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  return (
    <main id="main" className="min-h-dvh bg-brand-50">
      <div className="mx-auto grid max-w-md gap-8 px-4 py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Logo />
          <LanguageSwitch />
          <h1 className="sr-only">{i18n._(heading(config.companyName))}</h1>
        </div>
        <section aria-labelledby="links-app" className="grid gap-4">
          <h2 id="links-app" className="text-2xl font-bold text-ink">
            {t`Get our App`}
          </h2>
          <StoreButtons className="[&>a]:flex-1" />
        </section>
        <section aria-labelledby="links-schedules" className="grid gap-4">
          <h2 id="links-schedules" className="text-2xl font-bold text-ink">
            {t`Our Schedules`}
          </h2>
          <ul className="grid gap-3">
            <li>
              <Link to="/transport" className={tile}>
                {t`Shows`}
                <Arrow />
              </Link>
            </li>
            <li>
              <Link to="/flights" className={tile}>
                {t`Flight`}
                <Arrow />
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="links-assist" className="grid gap-4">
          <h2 id="links-assist" className="text-2xl font-bold text-ink">
            {t`Always here to assist.`}
          </h2>
          <Link
            to="/contact-us"
            className={
              "flex min-h-14 items-center justify-center rounded-full bg-brand px-6 py-3 text-lg " +
              "font-semibold text-white hover:bg-brand-700"
            }
          >
            {t`Contact Support`}
          </Link>
        </section>
      </div>
    </main>
  );
}
