import { disciplineBySlug, disciplines } from "@khayl/contract/disciplines";
import { TRANSPORT_EVENTS_LIMIT } from "@khayl/contract/list-limits";
import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { redirect } from "react-router";
import { AlertForm } from "../components/alert-form.tsx";
import { CalendarFeedLinks } from "../components/calendar-feed.tsx";
import { CardGrid } from "../components/card-grid.tsx";
import { useDisciplineNames } from "../components/discipline-names.ts";
import { EventCard } from "../components/event-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { Chips } from "../components/ui/chips.tsx";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { pageMeta } from "../lib/meta.ts";
import { CARDS_PER_STEP, showMoreHref, shownCount, showPastListHref } from "../lib/paging.ts";
import { loadTransportEvents } from "../lib/schedules.server.ts";
import type { Route } from "./+types/transport";

/**
 * A content page: complete in its server HTML, it ships no framework JavaScript (decision 024).
 * It reads its discipline chip and `show` (decision 025: the page cache keys it by them).
 */
export const handle = {
  page: {
    scripts: false,
    query: {
      filter: "discipline",
      slug: (value) => disciplineBySlug(value)?.slug,
      listLimit: TRANSPORT_EVENTS_LIMIT,
      step: CARDS_PER_STEP,
    },
  },
} satisfies RouteHandle;

/**
 * /transport (product §2): `?discipline=<slug>` picks a chip; the loader maps it to the
 * discipline id. Fetched with product §7's limit of 100; shown in steps of 24 (`?show=`). A
 * `show` past the list's end redirects (302) to the fewest steps that show it whole.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const discipline = disciplineBySlug(url.searchParams.get("discipline"));
  const [{ rows }, messages] = await Promise.all([
    loadTransportEvents(context, discipline?.id),
    messagesFor(request, "schedules"),
  ]);
  // A step past the list's end is the whole list again: sent to its one URL, never kept (decision 017).
  const pastList = showPastListHref(url, rows.length);
  if (pastList) throw redirect(pastList);
  const shown = shownCount(url.searchParams.get("show"), rows.length);
  return {
    messages,
    events: rows.slice(0, shown),
    discipline: discipline?.slug ?? null,
    more: { shown, total: rows.length, moreHref: showMoreHref(url.pathname, url.searchParams, shown) },
  };
}

const title = msg`Shows`;

/**
 * Title 'Shows' and a description of the disciplines; `pageMeta` adds the canonical `/transport`
 * (without the query), its hreflang links in both languages and the default share card.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(title),
    description: i18n._(
      msg`Upcoming horse shows across the UAE with road transport for your horses: show jumping, dressage, endurance, eventing and tent pegging.`,
    ),
  });
}

/** An outage of the API (its 503) shows inside the site's header and footer (`PageError`). */
export function ErrorBoundary() {
  return <PageError />;
}

/**
 * /transport (product §2): banner 'Plan Your Horse Transport with Ease', the All and discipline chips
 * (links), the event cards in steps of 24 or 'There's no available transport', the calendar feed
 * links and the 'Tell me when' form (product §2 Show and flight pages, E-mail alerts).
 */
export default function Transport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const disciplineNames = useDisciplineNames();
  const { shown, total } = loaderData.more;
  const chips = [
    { label: t`All`, to: "/transport", active: loaderData.discipline === null },
    ...disciplines.map((d) => ({
      label: disciplineNames[d.id],
      to: `/transport?discipline=${d.slug}`,
      active: loaderData.discipline === d.slug,
    })),
  ];
  return (
    <>
      <PageBanner title={t`Plan Your Horse Transport with Ease`} eyebrow={i18n._(title)} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10">
        <Chips label={t`Filter by discipline`} items={chips} />
        <CardGrid
          items={loaderData.events}
          empty={t`There's no available transport`}
          itemKey={(event) => event.id}
          render={(event) => <EventCard event={event} />}
          more={{
            ...loaderData.more,
            summary: t({
              message: plural(total, { one: `Showing ${shown} of # show`, other: `Showing ${shown} of # shows` }),
              comment: "Below a long list of horse shows: how many of them are on the page",
            }),
          }}
        />
        <CalendarFeedLinks
          feedPath={
            loaderData.discipline ? `/calendar/shows.ics?discipline=${loaderData.discipline}` : "/calendar/shows.ics"
          }
        />
        <AlertForm watch="shows" />
      </div>
    </>
  );
}
