import { flightTypeBySlug } from "@khayl/contract/flight-types";
import { formatDubaiTime, formatFlightDate, isoOrUndefined } from "@khayl/contract/format";
import type { RouteHandle } from "@khayl/contract/page-rules";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { AlertForm } from "../components/alert-form.tsx";
import { BackLink, missingItemTitle } from "../components/detail-page.tsx";
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
import { flightTitle, flightWhatsAppText } from "../lib/flight-title.ts";
import { i18nWith, messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest, localizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches, useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { breadcrumbJsonLd } from "../lib/json-ld.server.ts";
import { companyFromMatches, type JsonLdObject, pageMeta, pageTitle } from "../lib/meta.ts";
import { loadFlight } from "../lib/trips.server.ts";
import { flightCalendarPath, flightPath, flightsListPath } from "../lib/trips.ts";
import type { Route } from "./+types/flight-detail";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/**
 * /flights/{id} (product §2, show and flight pages): one flight's page, server-rendered with the card's facts (product
 * §3 selective service: type, route, airports and countries, departure and arrival in
 * Asia/Dubai time) and the app prompt (product §1). Answers 404 with a link to the schedule
 * for a bad id, an unknown or hidden flight, or a type other than Import and Export.
 * `jsonLd`: the flight's schema.org BreadcrumbList (Home › Flights › LGG to DWC; its `meta` writes it).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const [{ item, status }, messages] = await Promise.all([
    loadFlight(context, params.id),
    messagesFor(request, "trips"),
  ]);
  const jsonLd: JsonLdObject[] = [];
  if (item) {
    const { config } = context;
    const i18n = i18nWith(request, messages);
    const language = languageOfRequest(request);
    const from = item.departureAirport?.code ?? "-";
    const to = item.arrivalAirport?.code ?? "-";
    jsonLd.push(
      breadcrumbJsonLd([
        { name: i18n._(msg`Home`), url: `${config.publicUrl}${localizedPath("/", language)}` },
        { name: i18n._(msg`Flights`), url: `${config.publicUrl}${localizedPath("/flights", language)}` },
        {
          name: i18n._(msg`${from} to ${to}`),
          url: `${config.publicUrl}${localizedPath(flightPath(item.id), language)}`,
        },
      ]),
    );
  }
  return data({ flight: item, status, messages, jsonLd }, { status });
}

const notFound = msg`Flight not found.`;

/**
 * A date and time in Asia/Dubai as the page writes it in `i18n`'s language: 'Monday 05 Jan
 * 2025, 00:00' (product §2), and in Arabic with the Arabic comma.
 */
function dubaiDateTime(value: string | null | undefined, i18n: I18n): string {
  const time = formatDubaiTime(value);
  if (!time) return "-";
  const date = formatFlightDate(value, i18n.locale === "ar" ? "ar" : "en");
  return i18n._(msg`${date}, ${time}`);
}

/**
 * The flight's title (`flightTitle`: 'Import flight LGG to DWC'), description, canonical `/flights/{id}` with
 * its alternates and share card; `noindex` when the flight is not found.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const flight = loaderData?.flight;
  if (!flight)
    return [
      {
        title: pageTitle(i18n._(missingItemTitle(loaderData?.status ?? 404, notFound)), companyFromMatches(matches)),
      },
      { name: "robots", content: "noindex" },
    ];
  const title = flightTitle(i18n, flight);
  const date = dubaiDateTime(flight.startDate, i18n);
  // Each end by its country, else its airport's code (as the title names it), '-' only when neither is known.
  const fromCountry = flight.fromCountry ?? flight.departureAirport?.code ?? "-";
  const toCountry = flight.toCountry ?? flight.arrivalAirport?.code ?? "-";
  return pageMeta(matches, {
    title,
    // A flight without a departure time: the sentence without it.
    description: i18n._(
      flight.startDate && formatDubaiTime(flight.startDate)
        ? msg`Horse flight from ${fromCountry} to ${toCountry}, departing ${date} (UAE time). Book the shipping of your horses in the app.`
        : msg`Horse flight from ${fromCountry} to ${toCountry}. Book the shipping of your horses in the app.`,
    ),
    canonicalPath: flightPath(flight.id),
    jsonLd: loaderData.jsonLd,
  });
}

/**
 * /flights/{id} (product §2 Show and flight pages): the flight's type, 'LGG → DWC', its code, airports
 * with their countries, departure and arrival in Asia/Dubai ('UAE time'), 'Add to calendar', WhatsApp,
 * Share, the 'Tell me when' form for its changes and the app prompt, with links back to the schedule;
 * without a flight, `TripMissing` (404 'Flight not found.', or 503).
 */
export default function FlightDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { flight } = loaderData;
  const config = usePublicConfig();
  const contentLang = useContentLang(flight?.language);
  if (!flight)
    return (
      <TripMissing
        status={loaderData.status}
        notFound={notFound}
        schedule="/flights"
        scheduleLabel={t`See the flights schedule`}
      />
    );
  const from = flight.departureAirport?.code ?? "-";
  const to = flight.arrivalAirport?.code ?? "-";
  const type = flightTypeBySlug(flight.type) === "import" ? t`Import` : t`Export`;
  const departure = dubaiDateTime(flight.startDate, i18n);
  const pageUrl = `${config.publicUrl}${localizedPath(flightPath(flight.id), language)}`;
  const airport = (ref: typeof flight.departureAirport, country: string | null | undefined) => (
    <>
      {ref?.name ? <span lang={contentLang}>{ref.name} </span> : null}
      {ref?.code ? <bdi className="font-semibold tracking-wide">{ref.name ? `(${ref.code})` : ref.code}</bdi> : "-"}
      {country ? (
        <span lang={contentLang} className="block text-base text-slate-700">
          {country}
        </span>
      ) : null}
    </>
  );
  const facts: TripFact[] = [
    { label: t`Type`, value: type },
    ...(flight.selectiveCode ? [{ label: t`Flight code`, value: <bdi>{flight.selectiveCode}</bdi> }] : []),
    { label: t`From`, value: airport(flight.departureAirport, flight.fromCountry) },
    { label: t`To`, value: airport(flight.arrivalAirport, flight.toCountry) },
    {
      label: t`Departs (UAE time)`,
      value: <time dateTime={isoOrUndefined(flight.startDate)}>{dubaiDateTime(flight.startDate, i18n)}</time>,
    },
    {
      label: t`Arrives (UAE time)`,
      value: <time dateTime={isoOrUndefined(flight.endDate)}>{dubaiDateTime(flight.endDate, i18n)}</time>,
    },
  ];
  return (
    <article className="mx-auto grid max-w-4xl gap-8 px-4 py-8 md:py-12">
      <nav aria-label={t`Schedules`} className="flex flex-wrap gap-x-6 gap-y-2">
        <BackLink to="/flights">{t`All flights`}</BackLink>
        <BackLink to={flightsListPath(flight.type)}>
          {flightTypeBySlug(flight.type) === "import" ? t`More import flights` : t`More export flights`}
        </BackLink>
      </nav>
      <header>
        <p className="inline-block rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-ink">{type}</p>
        <h1 className="mt-3 text-3xl leading-tight font-bold text-ink md:text-5xl">
          <span className="sr-only">{t`${from} to ${to}`}</span>
          <span aria-hidden="true" className="flex items-center gap-3">
            <bdi>{from}</bdi>
            <span className="text-brand rtl:-scale-x-100">→</span>
            <bdi>{to}</bdi>
          </span>
        </h1>
      </header>
      <TripFacts facts={facts} />
      <TripActions calendarPath={flight.startDate ? flightCalendarPath(flight.id) : null}>
        <WhatsAppLink
          className={tripActionClass}
          text={flightWhatsAppText(i18n, flight, formatDubaiTime(flight.startDate) ? departure : null, pageUrl)}
        />
        <ShareButton
          className={tripActionClass}
          data={{
            title: flightTitle(i18n, flight),
            // A flight without a departure time says so, not 'Departing -'.
            text: formatDubaiTime(flight.startDate)
              ? t`Departing ${departure} (UAE time)`
              : t`Departure time to be announced`,
            url: pageUrl,
          }}
        />
      </TripActions>
      <AlertForm watch="flight" id={flight.id} />
      <TripAppPrompt />
    </article>
  );
}
