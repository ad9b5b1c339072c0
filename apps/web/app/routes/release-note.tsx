import { formatReleaseNoteDate, isoOrUndefined } from "@khayl/contract/format";
import { Logo } from "../components/logo.tsx";
import { RichText } from "../components/rich-text.tsx";
import { loadReleaseNotes } from "../lib/content.server.ts";
import { releaseNoteCatalogueFor, useReleaseNoteT } from "../lib/i18n/release-note.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/release-note";

/** /release-note (product §2 What's New): release notes, 1000 from offset 0 (product §7). */
export async function loader({ context }: Route.LoaderArgs) {
  return { notes: await loadReleaseNotes(context) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = releaseNoteCatalogueFor().releaseNote;
  return pageMeta(matches, { title: t.title, description: t.subtitle });
}

/**
 * Black header "What's New" with its subtitle, then the notes: date 'MMMM DD,yy' (as
 * product §2 writes it), tag, title and content. Bare page: no navigation (product §2).
 */
export default function ReleaseNote({ loaderData }: Route.ComponentProps) {
  const t = useReleaseNoteT().releaseNote;
  const { notes } = loaderData;
  return (
    <main id="main" className="min-h-dvh bg-white">
      <header className="bg-black text-white">
        <div className="mx-auto max-w-3xl px-4 pt-6 pb-14">
          <Logo tone="light" />
          <h1 className="mt-10 text-4xl font-bold md:text-6xl">{t.title}</h1>
          <p className="mt-3 text-lg text-slate-300">{t.subtitle}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {notes.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            {t.empty}
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
                      {formatReleaseNoteDate(note.date)}
                    </time>
                  ) : null}
                  {note.tag ? (
                    <span className="rounded-full bg-slate-900 px-3 py-0.5 font-semibold text-white">{note.tag}</span>
                  ) : null}
                </div>
                {note.title ? <h2 className="mt-2 text-2xl font-bold text-ink">{note.title}</h2> : null}
                <RichText html={note.html} className="mt-2" />
              </li>
            ))}
          </ol>
        )}
      </div>
    </main>
  );
}
