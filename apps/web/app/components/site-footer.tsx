import { useLingui } from "@lingui/react/macro";
import { useRouteLoaderData } from "react-router";
import { usePublicConfig } from "../lib/config.ts";
import { Link } from "../lib/i18n/link.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { Logo } from "./logo.tsx";
import { StoreButtons } from "./store-buttons.tsx";

/**
 * The footer (product §2): tagline, 'United Arab Emirates', store badges, photo-sharing
 * and social network links, © the current year, and the Privacy Policy, Terms &
 * Condition and Contact us links. The year (Asia/Dubai) comes from the root loader, so the
 * browser needs no date code for it and hydration shows the year the server wrote.
 */
export function SiteFooter() {
  const { t } = useLingui();
  const config = usePublicConfig();
  const year = useRouteLoaderData<typeof rootLoader>("root")?.year;
  const company = config.companyName;
  return (
    <footer className="below-fold bg-ink text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-3">
        <div className="grid content-start gap-3">
          <Logo tone="light" />
          <p className="text-lg font-semibold text-white">{t`Yalla, Let's Move Forward Together!`}</p>
          <p>{t`United Arab Emirates`}</p>
        </div>
        <div className="grid content-start gap-3">
          <StoreButtons tone="light" />
        </div>
        <div className="grid content-start gap-3">
          <p className="font-semibold text-white">{t`Follow us`}</p>
          <ul className="flex gap-4">
            <li>
              <a
                href={config.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="underline-offset-4 hover:underline"
              >
                {t`Instagram`}
              </a>
            </li>
            <li>
              <a
                href={config.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="underline-offset-4 hover:underline"
              >
                {t`LinkedIn`}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div
          className={
            "mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm md:flex-row md:items-center " +
            "md:justify-between"
          }
        >
          <p>{t`© ${year} ${company}. All rights reserved.`}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy-policy" className="underline-offset-4 hover:underline">
                {t`Privacy Policy`}
              </Link>
            </li>
            <li>
              <Link to="/term-of-services" className="underline-offset-4 hover:underline">
                {t`Terms & Condition`}
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className="underline-offset-4 hover:underline">
                {t`Contact us`}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
