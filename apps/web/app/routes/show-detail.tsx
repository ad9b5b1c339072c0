import { eventCategoryLabel, eventPlaceCode } from "@khayl/contract/event-fields";
import { formatFlightDate, isoOrUndefined } from "@khayl/contract/format";
import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { AlertForm } from "../components/alert-form.tsx";
import { BackLink, missingItemTitle } from "../components/detail-page.tsx";
import { useDisciplineNames } from "../components/discipline-names.ts";
import { ShareButton } from "../components/share-button.tsx";
import {
  TripActions,
  TripAppPrompt,
  type TripFact,
  TripFacts,
  TripMissing,
  tripActionClass,
} from "../components/trip-page.tsx";
import { WhatsAppLink } from "../components/whatsapp-link.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { i18nWith, messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest, localizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches, useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { breadcrumbJsonLd, showJsonLd } from "../lib/json-ld.server.ts";
import { companyFromMatches, type JsonLdObject, pageMeta, pageTitle } from "../lib/meta.ts";
import { loadShow } from "../lib/trips.server.ts";
import { knownDisciplineId, showCalendarPath, showPath, transportListPath } from "../lib/trips.ts";
import type { Route } from "./+types/show-detail";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/**
 * /transport/{id} (product §2, show and flight pages): one show's page, server-rendered with the card's facts
 * (product §3 Event) and the app prompt (product §1). Answers 404 with a link to the
 * schedule for an id that is not a number, an unknown show or one hidden from the website,
 * 503 when the API fails. `jsonLd`: the show's schema.org Event and BreadcrumbList (its `meta` writes them).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const [{ item, status }, messages] = await Promise.all([loadShow(context, params.id), messagesFor(request, "trips")]);
  const jsonLd: JsonLdObject[] = [];
  if (item) {
    const { config } = context;
    const i18n = i18nWith(request, messages);
    const language = languageOfRequest(request);
    const pageUrl = `${config.publicUrl}${localizedPath(showPath(item.id), language)}`;
    const event = showJsonLd(item, pageUrl);
    if (event) jsonLd.push(event);
    jsonLd.push(
      breadcrumbJsonLd([
        { name: i18n._(msg`Home`), url: `${config.publicUrl}${localizedPath("/", language)}` },
        { name: i18n._(msg`Shows`), url: `${config.publicUrl}${localizedPath("/transport", language)}` },
        { name: item.eventName, url: pageUrl },
      ]),
    );
  }
  return data({ show: item, status, messages, jsonLd }, { status });
}

const notFound = msg`Show not found.`;

/**
 * The show's title, description (name, venue and dates), canonical `/transport/{id}` with its
 * English and Arabic alternates and share card; `noindex` when the show is not found.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const show = loaderData?.show;
  if (!show)
    return [
      {
        title: pageTitle(i18n._(missingItemTitle(loaderData?.status ?? 404, notFound)), companyFromMatches(matches)),
      },
      { name: "robots", content: "noindex" },
    ];
  const language = i18n.locale === "ar" ? "ar" : "en";
  const venue = show.place?.name || eventPlaceCode(show);
  const date = formatFlightDate(show.startDate, language);
  // A show with neither a venue name nor a code gets the sentence without 'at …'; one
  // without a date the sentence without it (never the card's '-' inside a sentence).
  const description = !show.startDate
    ? venue
      ? msg`${show.eventName} at ${venue}. Road transport for your horses to the show, booked in the app.`
      : msg`${show.eventName}. Road transport for your horses to the show, booked in the app.`
    : venue
      ? msg`${show.eventName} at ${venue}, ${date}. Road transport for your horses to the show, booked in the app.`
      : msg`${show.eventName}, ${date}. Road transport for your horses to the show, booked in the app.`;
  return pageMeta(matches, {
    title: show.eventName,
    description: i18n._(description),
    canonicalPath: showPath(show.id),
    jsonLd: loaderData.jsonLd,
  });
}

/**
 * /transport/{id} (product §2 Show and flight pages): the show's status, name and facts (discipline,
 * category, venue, start and end days), 'Add to calendar' (when it has a start), WhatsApp, Share, the
 * 'Tell me when' form for its changes and the app prompt, with links back to the schedule; without a
 * show, `TripMissing` (404 'Show not found.', or 503).
 */
export default function ShowDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const disciplineNames = useDisciplineNames();
  const { show } = loaderData;
  const config = usePublicConfig();
  const contentLang = useContentLang(show?.language);
  if (!show)
    return (
      <TripMissing
        status={loaderData.status}
        notFound={notFound}
        schedule="/transport"
        scheduleLabel={t`See the shows schedule`}
      />
    );
  const disciplineId = knownDisciplineId(show.eventDiscipline);
  const discipline = disciplineId ? disciplineNames[disciplineId] : null;
  const code = eventPlaceCode(show);
  const venueCode = code ? (show.place?.name ? `(${code})` : code) : null;
  const startDay = formatFlightDate(show.startDate, language);
  const pageUrl = `${config.publicUrl}${localizedPath(showPath(show.id), language)}`;
  const facts: TripFact[] = [
    ...(discipline ? [{ label: t`Discipline`, value: discipline }] : []),
    {
      label: t`Category`,
      value: (
        <span lang={contentLang}>
          {eventCategoryLabel(
            show,
            t({ message: "International", comment: "product §3: a show's category when it has none" }),
          )}
        </span>
      ),
    },
    {
      label: t`Venue`,
      value: (
        <>
          {show.place?.name ? <span lang={contentLang}>{show.place.name} </span> : null}
          {venueCode === null ? "-" : <bdi className="font-semibold tracking-wide">{venueCode}</bdi>}
        </>
      ),
    },
    {
      label: t`Starts`,
      value: <time dateTime={isoOrUndefined(show.startDate)}>{formatFlightDate(show.startDate, language)}</time>,
    },
    // An end before the start (a data-entry slip) is left out, as on the card (product §3).
    ...(show.endDate && !(show.startDate && Date.parse(show.endDate) < Date.parse(show.startDate))
      ? [
          {
            label: t`Ends`,
            value: <time dateTime={isoOrUndefined(show.endDate)}>{formatFlightDate(show.endDate, language)}</time>,
          },
        ]
      : []),
  ];
  return (
    <article className="mx-auto grid max-w-4xl gap-8 px-4 py-8 md:py-12">
      <nav aria-label={t`Schedules`} className="flex flex-wrap gap-x-6 gap-y-2">
        <BackLink to="/transport">{t`All shows`}</BackLink>
        {discipline ? (
          <BackLink to={transportListPath(show.eventDiscipline)}>{t`More ${discipline} shows`}</BackLink>
        ) : null}
      </nav>
      <header>
        {show.eventStatus ? (
          <p
            lang={contentLang}
            className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand"
          >
            {show.eventStatus}
          </p>
        ) : null}
        <h1 lang={contentLang} dir="auto" className="mt-3 text-3xl leading-tight font-bold text-ink md:text-5xl">
          {show.eventName}
        </h1>
      </header>
      <TripFacts facts={facts} />
      <TripActions calendarPath={show.startDate ? showCalendarPath(show.id) : null}>
        {/* A show without a date: the sentences without one (never the card's '-' inside them). */}
        <WhatsAppLink
          className={tripActionClass}
          text={
            show.startDate
              ? t`Hello, I would like to book horse transport to ${show.eventName} on ${startDay}: ${pageUrl}`
              : t`Hello, I would like to book horse transport to ${show.eventName}: ${pageUrl}`
          }
        />
        <ShareButton
          className={tripActionClass}
          data={{
            title: show.eventName,
            text: show.startDate
              ? t`Horse transport to ${show.eventName}, ${startDay}`
              : t`Horse transport to ${show.eventName}`,
            url: pageUrl,
          }}
        />
      </TripActions>
      <AlertForm watch="show" id={show.id} />
      <TripAppPrompt />
    </article>
  );
}
