import type { Route } from "./+types/home";
import { EventCard } from "../components/event-card.tsx";
import { FlightCard } from "../components/flight-card.tsx";
import { SectionHeader } from "../components/section-header.tsx";
import { catalogueFor, useT } from "../lib/i18n/index.ts";
import { companyFromMatches } from "../lib/meta.ts";
import { loadHomeEvents, loadHomeFlights } from "../lib/schedules.server.ts";

/** Home (SPEC §1–§2): the schedules sections read in parallel. */
export async function loader({ context }: Route.LoaderArgs) {
  const [events, flights] = await Promise.all([loadHomeEvents(context), loadHomeFlights(context)]);
  return { events: events.rows, flights };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = catalogueFor();
  const company = companyFromMatches(matches);
  return [{ title: company ? `${company} | ${t.home.headline}` : t.home.headline }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { events, flights } = loaderData;
  return (
    <>
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
          <h1 className="max-w-3xl text-4xl font-bold md:text-6xl">{t.home.headline}</h1>
        </div>
      </section>
      {events.length > 0 ? (
        <section aria-labelledby="home-transport" className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeader id="home-transport" title={t.home.transportSection} to="/transport" />
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {events.slice(0, 6).map((event) => (
              <li key={event.id}><EventCard event={event} /></li>
            ))}
          </ul>
        </section>
      ) : null}
      {flights.length > 0 ? (
        <section aria-labelledby="home-shipping" className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeader id="home-shipping" title={t.home.shippingSection} to="/flights" />
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {flights.slice(0, 6).map((flight) => (
              <li key={flight.id}><FlightCard flight={flight} /></li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
