import { formatReleaseLogDate, isoOrUndefined } from "@khayl/contract/format";
import type { LegalView } from "../lib/content-views.ts";
import { useLegalT } from "../lib/i18n/legal.ts";
import { PageBanner } from "./page-banner.tsx";
import { RichText } from "./rich-text.tsx";

/**
 * A terms or privacy page (product §2 Terms and privacy): the page heading, then the
 * document's title and sanitised content, with its last update date; a short notice
 * when the document could not be loaded.
 */
export function LegalDocument({ heading, document }: { heading: string; document: LegalView | null }) {
  const t = useLegalT().legal;
  return (
    <>
      <PageBanner title={heading} eyebrow={t.eyebrow} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {document ? (
          <article className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-10">
            <h2 className="text-2xl font-bold text-ink md:text-3xl">{document.title}</h2>
            {document.updatedAt ? (
              <p className="mt-2 text-sm text-slate-600">
                {t.updated}{" "}
                <time dateTime={isoOrUndefined(document.updatedAt)}>{formatReleaseLogDate(document.updatedAt)}</time>
              </p>
            ) : null}
            <RichText html={document.html} className="mt-6" />
          </article>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            {t.unavailable}
          </p>
        )}
      </div>
    </>
  );
}
