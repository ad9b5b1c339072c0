import { flightTypeBySlug } from "@khayl/contract/flight-types";
import { FLIGHTS_PAGE_LIMIT } from "@khayl/contract/list-limits";
import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { redirect } from "react-router";
import { AlertForm } from "../components/alert-form.tsx";
import { CalendarFeedLinks } from "../components/calendar-feed.tsx";
import { CardGrid } from "../components/card-grid.tsx";
import { FlightCard } from "../components/flight-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { Chips } from "../components/ui/chips.tsx";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { pageMeta } from "../lib/meta.ts";
import { CARDS_PER_STEP, showMoreHref, shownCount, showPastListHref } from "../lib/paging.ts";
import { loadFlightsPage } from "../lib/schedules.server.ts";
import type { Route } from "./+types/flights";

/**
 * A content page: complete in its server HTML, it ships no framework JavaScript (decision 024).
 * It reads its type chip and `show` (decision 025: the page cache keys it by them).
 */
export const handle = {
  page: {
    scripts: false,
    query: { filter: "type", slug: flightTypeBySlug, listLimit: FLIGHTS_PAGE_LIMIT, step: CARDS_PER_STEP },
  },
} satisfies RouteHandle;

/**
 * /flights (product §2): `?type=import|export` picks a chip (case-insensitive). The list is
 * fetched with product §7's limit of 1000; the grid shows it in steps of 24 (`?show=`). A
 * `show` past the list's end redirects (302) to the fewest steps that show it whole.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = flightTypeBySlug(url.searchParams.get("type"));
  const [flights, messages] = await Promise.all([loadFlightsPage(context, type), messagesFor(request, "schedules")]);
  // A step past the list's end is the whole list again: sent to its one URL, never kept (decision 017).
  const pastList = showPastListHref(url, flights.length);
  if (pastList) throw redirect(pastList);
  const shown = shownCount(url.searchParams.get("show"), flights.length);
  return {
    messages,
    flights: flights.slice(0, shown),
    type: type ?? null,
    more: { shown, total: flights.length, moreHref: showMoreHref(url.pathname, url.searchParams, shown) },
  };
}

const title = msg`Flights`;

/**
 * Title 'Flights' and a description of the flights; `pageMeta` adds the canonical `/flights`
 * (without the query), its hreflang links in both languages and the default share card.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(title),
    description: i18n._(
      msg`Upcoming import and export flights for horses between the UAE and Europe, the UK and the US, with dates and airports.`,
    ),
  });
}

/** An outage of the API (its 503) shows inside the site's header and footer (`PageError`). */
export function ErrorBoundary() {
  return <PageError />;
}

/**
 * /flights (product §2): banner 'Plan Your Horse Shipping with Ease', the All / Import / Export
 * chips (links), the flight cards in steps of 24 or 'No flights available at the moment', the
 * calendar feed links and the 'Tell me when' form (product §2 Show and flight pages, E-mail alerts).
 */
export default function Flights({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { shown, total } = loaderData.more;
  const chips = [
    { label: t`All`, to: "/flights", active: loaderData.type === null },
    { label: t`Import`, to: "/flights?type=import", active: loaderData.type === "import" },
    { label: t`Export`, to: "/flights?type=export", active: loaderData.type === "export" },
  ];
  return (
    <>
      <PageBanner title={t`Plan Your Horse Shipping with Ease`} eyebrow={i18n._(title)} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10">
        <Chips label={t`Filter by flight type`} items={chips} />
        <CardGrid
          items={loaderData.flights}
          empty={t`No flights available at the moment`}
          itemKey={(flight) => flight.id}
          render={(flight) => <FlightCard flight={flight} />}
          more={{
            ...loaderData.more,
            summary: t({
              message: plural(total, { one: `Showing ${shown} of # flight`, other: `Showing ${shown} of # flights` }),
              comment: "Below a long list of horse flights: how many of them are on the page",
            }),
          }}
        />
        <CalendarFeedLinks
          feedPath={loaderData.type ? `/calendar/flights.ics?type=${loaderData.type}` : "/calendar/flights.ics"}
        />
        <AlertForm watch="flights" />
      </div>
    </>
  );
}
