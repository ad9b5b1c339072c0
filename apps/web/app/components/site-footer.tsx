import { currentYear } from "@khayl/contract/format";
import { Link } from "react-router";
import { usePublicConfig } from "../lib/config.ts";
import { useT } from "../lib/i18n/index.ts";
import { Logo } from "./logo.tsx";
import { StoreButtons } from "./store-buttons.tsx";

/**
 * The footer (product §2): tagline, 'United Arab Emirates', store badges, photo-sharing
 * and social network links, © the current year, and the Privacy Policy, Terms &
 * Condition and Contact us links.
 */
export function SiteFooter() {
  const t = useT();
  const config = usePublicConfig();
  return (
    <footer className="bg-ink text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-3">
        <div className="grid content-start gap-3">
          <Logo tone="light" />
          <p className="text-lg font-semibold text-white">{t.footer.tagline}</p>
          <p>{t.footer.country}</p>
        </div>
        <div className="grid content-start gap-3">
          <StoreButtons tone="light" />
        </div>
        <div className="grid content-start gap-3">
          <p className="font-semibold text-white">{t.footer.social}</p>
          <ul className="flex gap-4">
            <li>
              <a
                href={config.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="underline-offset-4 hover:underline"
              >
                {t.footer.instagram}
              </a>
            </li>
            <li>
              <a
                href={config.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="underline-offset-4 hover:underline"
              >
                {t.footer.linkedin}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <p>{t.footer.copyright(currentYear(), config.companyName)}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy-policy" className="underline-offset-4 hover:underline">
                {t.footer.privacyPolicy}
              </Link>
            </li>
            <li>
              <Link to="/term-of-services" className="underline-offset-4 hover:underline">
                {t.footer.terms}
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className="underline-offset-4 hover:underline">
                {t.footer.contactUs}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
