import { formatReleaseLogDate, isoOrUndefined } from "@khayl/contract/format";
import type { RouteHandle } from "@khayl/contract/page-rules";
import type { MessageDescriptor, Messages } from "@lingui/core";
import { msg, ph } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { Await } from "react-router";
import { AppHero } from "../components/app-hero.tsx";
import { BDI_SLOTS, BdiText } from "../components/bdi-text.tsx";
import { ImageWithSpinner } from "../components/image-with-spinner.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { RichText } from "../components/rich-text.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { loadReleaseLogs } from "../lib/content.server.ts";
import type { ReleaseLogView } from "../lib/content-views.ts";
import { i18nWith, messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { i18nFromMatches, useLanguage } from "../lib/i18n/lingui.tsx";
import { pageMeta, productFromMatches } from "../lib/meta.ts";
import type { Route } from "./+types/release-logs";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/**
 * /release-logs (product §2): app release logs, 1000 from offset 0 (product §7), in the
 * server HTML, with the page's messages.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const messages = await messagesFor(request, "release-logs");
  const logs = await loadReleaseLogs(context, languageOfRequest(request), i18nWith(request, messages));
  return { logs, messages };
}

/**
 * This page's compiled catalogue in each language, for client-side navigations only: one
 * small lazy chunk per language, fetched only by a visitor who comes to this page from
 * another one in that language (never on a first visit, whose messages are in the HTML).
 */
const clientCatalogues = import.meta.glob<{ messages: Messages }>("../locales/*/release-logs.po");

/**
 * On client-side navigation the page shows at once (hero first) and the list shows its
 * loading spinner until the server's data arrives (product §2: 'Loading spinner while
 * loading'). The hero's texts cannot wait for that data, which also carries the page's
 * messages, so they come from the page's catalogue chunk in the page's language. The
 * first, server-rendered visit does not run this: its HTML is complete.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const server = serverLoader();
  const logs = server.then((data) => data.logs);
  const catalogue = clientCatalogues[`../locales/${languageOfRequest(request)}/release-logs.po`];
  const messages = catalogue ? (await catalogue()).messages : (await server).messages;
  return { messages, logs };
}

/** The hero's sentence (also the meta description). */
function heroBody(product: string): MessageDescriptor {
  return msg`Shows, flights, documents and payments for your horses in one app. See what is new in every version of ${product}.`;
}

/**
 * Title 'Release logs' and the hero's sentence (naming the product) as description;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(msg`Release logs`),
    description: i18n._(heroBody(productFromMatches(matches) ?? "")),
  });
}

/** An outage of the API (its 503) shows inside the site's header and footer (`PageError`). */
export function ErrorBoundary() {
  return <PageError />;
}

/**
 * Hero 'Plan the {product} way.' with the store badges and a phone mockup, then the
 * "What's new?" cards: 'V {title}', the date 'MMMM D, YYYY', the heading
 * '{product} Version {title}' (the version and product name isolated in `<bdi>`), the
 * sanitised notes as the API sends them and the image with its spinner.
 */
export default function ReleaseLogs({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const product = config.productName;
  return (
    <>
      <AppHero
        title={t`Plan the ${product} way.`}
        body={i18n._(heroBody(product))}
        imageAlt={t`The app on a phone, showing the next trips`}
      />
      <section aria-labelledby="release-logs-list" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="release-logs-list" className="mb-8 text-3xl font-bold text-ink">
          {t`What's new?`}
        </h2>
        {loaderData.logs instanceof Promise ? (
          <Suspense fallback={<LoadingList label={t`Loading release logs…`} />}>
            <Await resolve={loaderData.logs} errorElement={<EmptyList text={i18n._(empty)} />}>
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

const empty = msg`No release logs available at the moment.`;

function EmptyList({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">{text}</p>
  );
}

/** Where the values go in the translated version texts: `values[i]` of `BdiText` replaces `BDI_SLOTS[i]`. */
const [firstSlot, secondSlot] = BDI_SLOTS;

function Logs({ logs, product }: { logs: ReleaseLogView[]; product: string }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  if (logs.length === 0) return <EmptyList text={i18n._(empty)} />;
  return (
    <ol className="grid gap-8">
      {logs.map((log) => (
        <li key={log.id}>
          <article
            className={
              "grid items-center gap-6 overflow-hidden rounded-3xl bg-white p-6 shadow-sm ring-1 " +
              "ring-slate-200 md:grid-cols-[1fr_auto] md:p-8"
            }
          >
            <div>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <span className="rounded-full bg-brand px-3 py-1 font-bold text-white">
                  <BdiText
                    text={t({
                      message: `V ${ph({ version: firstSlot })}`,
                      comment: "A release's version badge, e.g. V 3.2.0",
                    })}
                    values={[log.title]}
                  />
                </span>
                {log.date ? (
                  <time dateTime={isoOrUndefined(log.date)} className="font-semibold text-slate-600">
                    {formatReleaseLogDate(log.date, language)}
                  </time>
                ) : null}
              </div>
              <h3 className="mt-3 text-2xl font-bold text-ink">
                <BdiText
                  text={t`${ph({ product: firstSlot })} Version ${ph({ version: secondSlot })}`}
                  values={[product, log.title]}
                />
              </h3>
              <RichText html={log.html} language={log.language} className="mt-3" />
            </div>
            {log.image ? (
              <ImageWithSpinner
                src={log.image}
                alt={t`${product} ${ph({ version: log.title })} on a phone`}
                width={300}
                height={600}
                loadingLabel={t`Loading image…`}
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
