import { formatReleaseLogDate, isoOrUndefined } from "@khayl/contract/format";
import { useLingui } from "@lingui/react/macro";
import type { LegalView } from "../lib/content-views.ts";
import { contentDirection } from "../lib/i18n/language.ts";
import { useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { PageBanner } from "./page-banner.tsx";
import { RichText } from "./rich-text.tsx";

/**
 * A terms or privacy page (product §2 Terms and privacy): the page heading, then the
 * document's title and sanitised content as the API sends them, with its last update
 * date in the page's language; a short notice when the document could not be loaded.
 */
export function LegalDocument({ heading, document }: { heading: string; document: LegalView | null }) {
  const { t } = useLingui();
  const language = useLanguage();
  const contentLang = useContentLang(document?.language);
  return (
    <>
      <PageBanner title={heading} eyebrow={t`Legal`} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {document ? (
          <article className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 max-[20em]:p-3 md:p-10">
            <h2
              dir={contentDirection(document.language)}
              lang={contentLang}
              className="text-2xl font-bold text-ink md:text-3xl"
            >
              {document.title}
            </h2>
            {document.updatedAt ? (
              <p className="mt-2 text-sm text-slate-600">
                {t`Last updated`}{" "}
                <time dateTime={isoOrUndefined(document.updatedAt)}>
                  {formatReleaseLogDate(document.updatedAt, language)}
                </time>
              </p>
            ) : null}
            <RichText language={document.language} html={document.html} className="mt-6" />
          </article>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            {t`This document is not available at the moment. Please try again later.`}
          </p>
        )}
      </div>
    </>
  );
}
