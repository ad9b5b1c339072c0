import { disciplineBySlug, disciplines } from "@khayl/contract/disciplines";
import { CardGrid } from "../components/card-grid.tsx";
import { EventCard } from "../components/event-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { Chips } from "../components/ui/chips.tsx";
import { catalogueFor, useT } from "../lib/i18n/index.ts";
import { pageMeta } from "../lib/meta.ts";
import { showMoreHref, shownCount } from "../lib/paging.ts";
import { loadTransportEvents } from "../lib/schedules.server.ts";
import type { Route } from "./+types/transport";

/**
 * /transport (product §2): `?discipline=<slug>` picks a chip; the loader maps it to the
 * discipline id. Fetched with product §7's limit of 100; shown in steps of 24 (`?show=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const discipline = disciplineBySlug(url.searchParams.get("discipline"));
  const { rows } = await loadTransportEvents(context, discipline?.id);
  const shown = shownCount(url.searchParams.get("show"), rows.length);
  return {
    events: rows.slice(0, shown),
    discipline: discipline?.slug ?? null,
    more: { shown, total: rows.length, moreHref: showMoreHref(url.pathname, url.searchParams, shown) },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = catalogueFor();
  return pageMeta(matches, { title: t.transport.title, description: t.transport.description });
}

export default function Transport({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const chips = [
    { label: t.transport.all, to: "/transport", active: loaderData.discipline === null },
    ...disciplines.map((d) => ({
      label: t.transport.disciplines[d.id],
      to: `/transport?discipline=${d.slug}`,
      active: loaderData.discipline === d.slug,
    })),
  ];
  return (
    <>
      <PageBanner title={t.transport.bannerTitle} eyebrow={t.transport.title} />
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10">
        <Chips label={t.transport.filterLabel} items={chips} />
        <CardGrid
          items={loaderData.events}
          empty={t.transport.empty}
          render={(event) => <EventCard event={event} />}
          more={loaderData.more}
        />
      </section>
    </>
  );
}
