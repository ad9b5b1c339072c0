import { Logo } from "../components/logo.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { termOfUseCatalogueFor, useTermOfUseT } from "../lib/i18n/term-of-use.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/term-of-use";

export function meta({ matches }: Route.MetaArgs) {
  const t = termOfUseCatalogueFor().termOfUse;
  return pageMeta(matches, { title: t.title, description: t.description(companyFromMatches(matches) ?? "") });
}

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
 * e-mail and phone from configuration. Bare page (no navigation, product §2).
 */
export default function TermOfUse() {
  const t = useTermOfUseT().termOfUse;
  const config = usePublicConfig();
  return (
    <main id="main" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Logo />
        <h1 className="mt-8 text-4xl font-bold text-ink">{t.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{t.intro(config.companyName)}</p>
        <nav aria-labelledby="terms-contents" className="mt-8 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h2 id="terms-contents" className="text-lg font-bold text-ink">
            {t.contents}
          </h2>
          <ol className="mt-3 grid gap-1 sm:grid-cols-2">
            {t.sections.map((section, number) => (
              <li key={section.title}>
                <a href={`#section-${number}`} className="text-brand underline-offset-4 hover:underline">
                  {t.sectionHeading(number, section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {t.sections.map((section, number) => (
          <section
            key={section.title}
            id={`section-${number}`}
            aria-labelledby={`section-${number}-title`}
            className="mt-10 scroll-mt-6"
          >
            <h2 id={`section-${number}-title`} className="text-2xl font-bold text-ink">
              {t.sectionHeading(number, section.title)}
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
            {number === t.sections.length - 1 ? (
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
                <dt className="font-semibold text-ink">{t.email}</dt>
                <dd>
                  <a href={`mailto:${config.supportEmail}`} className="text-brand underline underline-offset-4">
                    {config.supportEmail}
                  </a>
                </dd>
                <dt className="font-semibold text-ink">{t.phone}</dt>
                <dd>
                  <a
                    href={`tel:${config.supportPhone.replace(/\s+/g, "")}`}
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
