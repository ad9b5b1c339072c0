import { flightTypeBySlug } from "@khayl/contract/flight-types";
import { CardGrid } from "../components/card-grid.tsx";
import { FlightCard } from "../components/flight-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { Chips } from "../components/ui/chips.tsx";
import { catalogueFor, useT } from "../lib/i18n/index.ts";
import { pageMeta } from "../lib/meta.ts";
import { showMoreHref, shownCount } from "../lib/paging.ts";
import { loadFlightsPage } from "../lib/schedules.server.ts";
import type { Route } from "./+types/flights";

/**
 * /flights (product §2): `?type=import|export` picks a chip (case-insensitive). The list is
 * fetched with product §7's limit of 1000; the grid shows it in steps of 24 (`?show=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = flightTypeBySlug(url.searchParams.get("type"));
  const flights = await loadFlightsPage(context, type);
  const shown = shownCount(url.searchParams.get("show"), flights.length);
  return {
    flights: flights.slice(0, shown),
    type: type ?? null,
    more: { shown, total: flights.length, moreHref: showMoreHref(url.pathname, url.searchParams, shown) },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = catalogueFor();
  return pageMeta(matches, { title: t.flights.title, description: t.flights.description });
}

export default function Flights({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const chips = [
    { label: t.flights.all, to: "/flights", active: loaderData.type === null },
    { label: t.flights.import, to: "/flights?type=import", active: loaderData.type === "import" },
    { label: t.flights.export, to: "/flights?type=export", active: loaderData.type === "export" },
  ];
  return (
    <>
      <PageBanner title={t.flights.bannerTitle} eyebrow={t.flights.title} />
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10">
        <Chips label={t.flights.filterLabel} items={chips} />
        <CardGrid
          items={loaderData.flights}
          empty={t.flights.empty}
          render={(flight) => <FlightCard flight={flight} />}
          more={loaderData.more}
        />
      </section>
    </>
  );
}
