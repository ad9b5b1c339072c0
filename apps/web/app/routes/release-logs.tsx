import { formatReleaseLogDate, isoOrUndefined } from "@khayl/contract/format";
import { Suspense } from "react";
import { Await } from "react-router";
import { AppHero } from "../components/app-hero.tsx";
import { ImageWithSpinner } from "../components/image-with-spinner.tsx";
import { RichText } from "../components/rich-text.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { loadReleaseLogs } from "../lib/content.server.ts";
import type { ReleaseLogView } from "../lib/content-views.ts";
import { releaseLogsCatalogueFor, useReleaseLogsT } from "../lib/i18n/release-logs.ts";
import { pageMeta, productFromMatches } from "../lib/meta.ts";
import type { Route } from "./+types/release-logs";

/** /release-logs (product §2): app release logs, 1000 from offset 0 (product §7), in the server HTML. */
export async function loader({ context }: Route.LoaderArgs) {
  return { logs: await loadReleaseLogs(context) };
}

/**
 * On client-side navigation the page shows at once (hero first) and the list shows its
 * loading spinner until the server's data arrives (product §2: 'Loading spinner while
 * loading'). The first, server-rendered visit does not run this: its HTML is complete.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { logs: serverLoader().then((data) => data.logs) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = releaseLogsCatalogueFor().releaseLogs;
  return pageMeta(matches, { title: t.title, description: t.heroBody(productFromMatches(matches) ?? "") });
}

/**
 * Hero 'Plan the {product} way.' with the store badges and a phone mockup, then the
 * "What's new?" cards: 'V {title}', the date 'MMMM D, YYYY', the heading
 * '{product} Version {title}', the sanitised notes and the image with its spinner.
 */
export default function ReleaseLogs({ loaderData }: Route.ComponentProps) {
  const t = useReleaseLogsT().releaseLogs;
  const config = usePublicConfig();
  return (
    <>
      <AppHero
        title={t.heroTitle(config.productName)}
        body={t.heroBody(config.productName)}
        imageAlt={t.heroImageAlt}
      />
      <section aria-labelledby="release-logs-list" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="release-logs-list" className="mb-8 text-3xl font-bold text-ink">
          {t.listTitle}
        </h2>
        {loaderData.logs instanceof Promise ? (
          <Suspense fallback={<LoadingList label={t.loading} />}>
            <Await resolve={loaderData.logs} errorElement={<EmptyList text={t.empty} />}>
              {(logs) => <Logs logs={logs} product={config.productName} />}
            </Await>
          </Suspense>
        ) : (
          // Server HTML: no Suspense boundary, which React may stream out of place (large
          // boundaries are revealed by a script), so the list also shows without JavaScript.
          <Logs logs={loaderData.logs} product={config.productName} />
        )}
      </section>
    </>
  );
}

function LoadingList({ label }: { label: string }) {
  return (
    <div className="grid place-items-center py-16 text-brand">
      <Spinner label={label} className="[&>span:first-child]:size-10" />
    </div>
  );
}

function EmptyList({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">{text}</p>
  );
}

function Logs({ logs, product }: { logs: ReleaseLogView[]; product: string }) {
  const t = useReleaseLogsT().releaseLogs;
  if (logs.length === 0) return <EmptyList text={t.empty} />;
  return (
    <ol className="grid gap-8">
      {logs.map((log) => (
        <li key={log.id}>
          <article className="grid items-center gap-6 overflow-hidden rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:grid-cols-[1fr_auto] md:p-8">
            <div>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <span className="rounded-full bg-brand px-3 py-1 font-bold text-white">{t.version(log.title)}</span>
                {log.date ? (
                  <time dateTime={isoOrUndefined(log.date)} className="font-semibold text-slate-600">
                    {formatReleaseLogDate(log.date)}
                  </time>
                ) : null}
              </div>
              <h3 className="mt-3 text-2xl font-bold text-ink">{t.heading(product, log.title)}</h3>
              <RichText html={log.html} className="mt-3" />
            </div>
            {log.image ? (
              <ImageWithSpinner
                src={log.image}
                alt={t.imageAlt(product, log.title)}
                width={300}
                height={600}
                loadingLabel={t.imageLoading}
                className="mx-auto w-40 md:w-44"
                imageClassName="h-auto w-full"
              />
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
