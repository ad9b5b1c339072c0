import { Link } from "react-router";
import { Logo } from "../components/logo.tsx";
import { StoreButtons } from "../components/store-buttons.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { linksCatalogueFor, useLinksT } from "../lib/i18n/links.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/links";

export function meta({ matches }: Route.MetaArgs) {
  const company = companyFromMatches(matches) ?? "";
  const t = linksCatalogueFor().links;
  return pageMeta(matches, { title: t.title(company), documentTitle: t.title(company), description: t.description });
}

const tile =
  "flex min-h-14 items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 text-lg font-semibold text-ink shadow-sm ring-1 ring-slate-200 hover:bg-brand-50";

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
 * assist.' with 'Contact Support' → /contact-us. Bare page, phone-first.
 */
export default function Links() {
  const t = useLinksT().links;
  const config = usePublicConfig();
  return (
    <main id="main" className="min-h-dvh bg-brand-50">
      <div className="mx-auto grid max-w-md gap-8 px-4 py-10">
        <div className="text-center">
          <Logo />
          <h1 className="sr-only">{t.title(config.companyName)}</h1>
        </div>
        <section aria-labelledby="links-app" className="grid gap-4">
          <h2 id="links-app" className="text-2xl font-bold text-ink">
            {t.getApp}
          </h2>
          <StoreButtons className="[&>a]:flex-1" />
        </section>
        <section aria-labelledby="links-schedules" className="grid gap-4">
          <h2 id="links-schedules" className="text-2xl font-bold text-ink">
            {t.schedules}
          </h2>
          <ul className="grid gap-3">
            <li>
              <Link to="/transport" className={tile}>
                {t.shows}
                <Arrow />
              </Link>
            </li>
            <li>
              <Link to="/flights" className={tile}>
                {t.flight}
                <Arrow />
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="links-assist" className="grid gap-4">
          <h2 id="links-assist" className="text-2xl font-bold text-ink">
            {t.assist}
          </h2>
          <Link
            to="/contact-us"
            className="flex min-h-14 items-center justify-center rounded-full bg-brand px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700"
          >
            {t.contactSupport}
          </Link>
        </section>
      </div>
    </main>
  );
}
