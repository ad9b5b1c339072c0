import { formatReleaseNoteDate, isoOrUndefined } from "@khayl/contract/format";
import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { Logo } from "../components/logo.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { RichText } from "../components/rich-text.tsx";
import { loadReleaseNotes } from "../lib/content.server.ts";
import { i18nWith, messagesFor } from "../lib/i18n/catalogue.server.ts";
import { contentDirection, languageOfRequest } from "../lib/i18n/language.ts";
import { foreignLang, i18nFromMatches, useLanguage } from "../lib/i18n/lingui.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/release-note";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** /release-note (product §2 What's New): release notes, 1000 from offset 0 (product §7), and the page's messages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const messages = await messagesFor(request, "release-note");
  const notes = await loadReleaseNotes(context, languageOfRequest(request), i18nWith(request, messages));
  return { notes, messages };
}

const title = msg`What's New`;
const subtitle = msg`New updates and improvements to the product`;

/**
 * Title "What's New" and its subtitle 'New updates and improvements to the product' as
 * description (product §2 What's New); `pageMeta` adds the canonical and hreflang links in
 * both languages and the default share card.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, { title: i18n._(title), description: i18n._(subtitle) });
}

/** An outage of the API (its 503): the root's screen, titled (`PageError`). */
export function ErrorBoundary() {
  return (
    <main>
      <PageError />
    </main>
  );
}

/**
 * Black header "What's New" with its subtitle, then the notes: date 'MMMM DD,yy' (as
 * product §2 writes it; day first with Arabic month names on Arabic pages), tag, title and
 * content (as the API sends them). Bare page: no navigation (product §2), but the language switch.
 */
export default function ReleaseNote({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { notes } = loaderData;
  return (
    <main id="main" className="min-h-dvh bg-white">
      <header className="bg-black text-white">
        <div className="mx-auto max-w-3xl px-4 pt-6 pb-14">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <Logo tone="light" />
            <LanguageSwitch className="text-white! hover:text-accent-200!" />
          </div>
          <h1 className="mt-10 text-4xl font-bold md:text-6xl">{i18n._(title)}</h1>
          <p className="mt-3 text-lg text-slate-300">{i18n._(subtitle)}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {notes.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            {t`No updates yet. Please check back later!`}
          </p>
        ) : (
          <ol className="grid gap-10 border-s-2 border-slate-200 ps-6">
            {notes.map((note) => (
              <li key={note.id} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute -start-[33px] top-1.5 size-4 rounded-full border-4 border-white bg-black"
                />
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  {note.date ? (
                    <time dateTime={isoOrUndefined(note.date)} className="font-semibold text-slate-600">
                      {formatReleaseNoteDate(note.date, language)}
                    </time>
                  ) : null}
                  {note.tag ? (
                    <span
                      lang={foreignLang(note.language, language)}
                      className="rounded-full bg-slate-900 px-3 py-0.5 font-semibold text-white"
                    >
                      {note.tag}
                    </span>
                  ) : null}
                </div>
                {note.title ? (
                  <h2
                    dir={contentDirection(note.language)}
                    lang={foreignLang(note.language, language)}
                    className="mt-2 text-2xl font-bold text-ink"
                  >
                    {note.title}
                  </h2>
                ) : null}
                <RichText html={note.html} language={note.language} className="mt-2" />
              </li>
            ))}
          </ol>
        )}
      </div>
    </main>
  );
}
