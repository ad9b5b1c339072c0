import type { RouteHandle } from "@khayl/contract/page-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { Logo } from "../components/logo.tsx";
import { useTermsSections } from "../components/terms-of-use-sections.ts";
import { usePublicConfig } from "../lib/config.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/term-of-use";

/**
 * A content page: complete in its server HTML, it ships no framework JavaScript (decision
 * 024). It is also the page the host renders as its "too many requests" screen (decision 025).
 */
export const handle = { page: { scripts: false, tooManyRequests: true } } satisfies RouteHandle;

/** /term-of-use is static: its loader only sends the page's messages. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "term-of-use") };
}

const title = msg`Terms of Use`;

/** The meta description, naming the company. */
function description(company: string): MessageDescriptor {
  return msg`The terms that govern your use of the ${company} website and apps.`;
}

/**
 * Title 'Terms of Use' and a description naming the company;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(title),
    description: i18n._(description(companyFromMatches(matches) ?? "")),
  });
}

/** The paragraphs of a section, in order. */
function Paragraphs({ items }: { items: readonly string[] }) {
  return items.map((text) => (
    <p key={text} className="mt-3 leading-relaxed text-slate-700">
      {text}
    </p>
  ));
}

/**
 * /term-of-use (product §2 Terms and privacy): the static Terms of Use in numbered
 * sections 0 to 13 with a table of contents; the last section gives the support
 * e-mail and phone from configuration (kept left to right in Arabic). Bare page (no
 * navigation, product §2), with the language switch.
 */
export default function TermOfUse() {
  const { t, i18n } = useLingui();
  const sections = useTermsSections();
  const config = usePublicConfig();
  const company = config.companyName;
  const sectionHeading = (number: number, section: string) =>
    t({
      message: `${number}. ${section}`,
      comment: "A numbered section heading of the Terms of Use, e.g. '3. Privacy'",
    });
  return (
    <main id="main" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Logo />
          <LanguageSwitch />
        </div>
        <h1 className="mt-8 text-4xl font-bold text-ink">{i18n._(title)}</h1>
        <p className="mt-4 text-lg text-slate-700">
          {t`These terms govern your use of the ${company} website and apps. Please read them carefully; by using the site you agree to them.`}
        </p>
        <nav aria-labelledby="terms-contents" className="mt-8 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h2 id="terms-contents" className="text-lg font-bold text-ink">
            {t`Contents`}
          </h2>
          <ol className="mt-3 grid gap-1 sm:grid-cols-2">
            {sections.map((section, number) => (
              <li key={section.title}>
                <a href={`#section-${number}`} className="text-brand underline-offset-4 hover:underline">
                  {sectionHeading(number, section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, number) => (
          <section
            key={section.title}
            id={`section-${number}`}
            aria-labelledby={`section-${number}-title`}
            className="mt-10 scroll-mt-6"
          >
            <h2 id={`section-${number}-title`} className="text-2xl font-bold text-ink">
              {sectionHeading(number, section.title)}
            </h2>
            <Paragraphs items={section.paragraphs} />
            {section.subsections
              ? section.subsections.map((sub) => (
                  <div key={sub.title} className="mt-5">
                    <h3 className="text-lg font-semibold text-ink">{sub.title}</h3>
                    <Paragraphs items={sub.paragraphs} />
                  </div>
                ))
              : null}
            {number === sections.length - 1 ? (
              <dl className="mt-4 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
                <dt className="font-semibold text-ink">{t`E-mail`}</dt>
                <dd>
                  <a
                    href={`mailto:${config.supportEmail}`}
                    dir="ltr"
                    className="text-brand underline underline-offset-4"
                  >
                    {config.supportEmail}
                  </a>
                </dd>
                <dt className="font-semibold text-ink">{t`Phone`}</dt>
                <dd>
                  <a
                    href={`tel:${config.supportPhone.replace(/\s+/g, "")}`}
                    dir="ltr"
                    className="text-brand underline underline-offset-4"
                  >
                    {config.supportPhone}
                  </a>
                </dd>
              </dl>
            ) : null}
          </section>
        ))}
      </div>
    </main>
  );
}
