import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { redirect } from "react-router";
import { BlogCard } from "../components/blog-card.tsx";
import { EventCard } from "../components/event-card.tsx";
import { FlightCard } from "../components/flight-card.tsx";
import { HeroCards } from "../components/hero-cards.tsx";
import { LANGUAGE_COOKIE } from "../components/language-switch.tsx";
import { errorPageMeta, PageError } from "../components/page-error.tsx";
import { SectionHeader } from "../components/section-header.tsx";
import { StoreButtons } from "../components/store-buttons.tsx";
import { TileIcon } from "../components/ui/tile-icon.tsx";
import { loadHomeBlogs } from "../lib/content.server.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest } from "../lib/i18n/language.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { organizationJsonLd } from "../lib/json-ld.server.ts";
import { companyFromMatches, pageMeta, siteDescription } from "../lib/meta.ts";
import { loadHomeEvents, loadHomeFlights } from "../lib/schedules.server.ts";
import type { Route } from "./+types/home";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** Cards each home schedule section shows; 'Show all' leads to the full list. */
const HOME_CARDS = 6;

/**
 * Home (product §1–§2): the schedules sections and the blogs teaser read in parallel, with
 * product §7's query shapes (limit 100). Only the cards shown reach the page's data;
 * `jsonLd` is the company's schema.org Organization (its `meta` writes it).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // A visitor who chose Arabic with the language switch opens the site's front door in it
  // (decision 016); nobody else is redirected. The redirect is this visitor's alone.
  if (languageOfRequest(request) === "en" && chosenLanguage(request) === "ar")
    throw redirect("/ar", { headers: { "cache-control": "private, no-store", vary: "Cookie" } });
  const [events, flights, blogs, messages] = await Promise.all([
    loadHomeEvents(context),
    loadHomeFlights(context),
    loadHomeBlogs(context),
    messagesFor(request, "home", "blogs"),
  ]);
  return {
    messages,
    events: events.rows.slice(0, HOME_CARDS),
    flights: flights.slice(0, HOME_CARDS),
    blogs,
    jsonLd: [organizationJsonLd(context.config, languageOfRequest(request))],
  };
}

/** The language remembered by the language switch (its cookie), if any. */
function chosenLanguage(request: Request): string | undefined {
  const cookie = request.headers.get("cookie") ?? "";
  return new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|ar)(?:;|$)`).exec(cookie)?.[1];
}

/** The English home's answer depends on the language cookie (it may redirect): shared caches must key on it. */
export function headers() {
  return { vary: "Cookie" };
}

const headline = msg`Wherever your equine journey takes you`;

/**
 * Document title '{company} | Wherever your equine journey takes you' (company first), the site
 * description, and from `pageMeta` the canonical and hreflang links of `/` and `/ar`, the default
 * share card and the company's schema.org Organization (the loader's `jsonLd`; product §2
 * Structured data).
 */
export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  if (error) return errorPageMeta(matches, error);
  const i18n = i18nFromMatches(matches);
  const company = companyFromMatches(matches);
  const title = i18n._(headline);
  // A route's meta replaces the root's, so home repeats the site description.
  return pageMeta(matches, {
    title,
    documentTitle: company ? `${company} | ${title}` : title,
    description: i18n._(siteDescription(company ?? "")),
    jsonLd: loaderData?.jsonLd,
  });
}

/** An outage of the API (its 503) shows inside the site's header and footer (`PageError`). */
export function ErrorBoundary() {
  return <PageError />;
}

/**
 * Home (product §1, §2 Home lists): the hero, the four image cards, the transport and shipping
 * sections (at most 6 cards each, hidden when empty), 'No stress, Just progress', 'Move your horses
 * the Smart way' with the store buttons, the three feature cards and the blogs teaser (3 blogs,
 * hidden when there are none).
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { events, flights, blogs } = loaderData;
  return (
    <>
      <section className="bg-brand text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <p className="text-sm font-semibold tracking-widest text-accent-200 uppercase">{t`leading the way in horse logistics innovation`}</p>
            <h1 className="mt-3 text-4xl font-bold md:text-5xl">{i18n._(headline)}</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-50">{t`Road transport to shows, clinics and stables across the Emirates, and import and export flights for your horses, planned and tracked from one app.`}</p>
          </div>
          {/* The LCP image: eager, high priority, sized to avoid layout shift. */}
          <img
            src="/images/hero-truck.svg"
            alt={t`A horse truck with three horses on board driving along a desert road`}
            width={960}
            height={480}
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full rounded-3xl"
          />
        </div>
      </section>
      <div className="mx-auto max-w-6xl py-8">
        <HeroCards />
      </div>
      {events.length > 0 ? (
        <section aria-labelledby="home-transport" className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeader id="home-transport" title={t`Transport schedule`} to="/transport" />
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {flights.length > 0 ? (
        <section aria-labelledby="home-shipping" className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeader id="home-shipping" title={t`Shipping schedule`} to="/flights" />
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {flights.map((flight) => (
              <li key={flight.id}>
                <FlightCard flight={flight} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="home-no-stress" className="below-fold mx-auto max-w-6xl px-4 py-12">
        <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-accent-100 md:grid-cols-[2fr_1fr]">
          <div className="p-8 md:p-12">
            <h2 id="home-no-stress" className="text-3xl font-bold text-ink md:text-4xl">
              {t`No stress, Just progress`}
            </h2>
            <p className="mt-4 max-w-2xl text-lg text-slate-700">{t`Every journey is handled by people who know horses: padded stalls, regular water and rest stops, and a groom who checks in on your horse along the way. You follow the trip live and arrive ready for what comes next.`}</p>
          </div>
          <img
            src="/images/card-horse.svg"
            alt=""
            width={270}
            height={500}
            loading="lazy"
            decoding="async"
            className="hidden h-80 w-full object-cover md:block"
          />
        </div>
      </section>
      <section aria-labelledby="home-smart-way" className="below-fold mx-auto max-w-6xl px-4 py-12">
        <div className="grid items-center gap-8 rounded-3xl bg-brand p-8 text-white md:grid-cols-[2fr_1fr] md:p-12">
          <div>
            <h2 id="home-smart-way" className="text-3xl font-bold md:text-4xl">
              {t`Move your horses the Smart way`}
            </h2>
            <p className="mt-4 max-w-2xl text-lg text-brand-50">{t`Book a seat on the next show truck or a stall on an international flight in a few taps, keep the papers of every horse in one place, and pay securely from your phone.`}</p>
            <StoreButtons tone="light" className="mt-6" />
          </div>
          <img
            src="/images/app-phone.svg"
            alt={t`The app's trip screen with a route on a map and the next bookings`}
            width={300}
            height={600}
            loading="lazy"
            decoding="async"
            className="mx-auto h-auto w-48 md:w-56"
          />
        </div>
      </section>
      <section aria-labelledby="home-features" className="below-fold mx-auto max-w-6xl px-4 py-12">
        <h2 id="home-features" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
          {t`Everything in one app`}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {[
            {
              title: t`Plan Smarter`,
              body: t`See every upcoming show and flight, compare dates and reserve a place for each horse before the spots run out.`,
            },
            {
              title: t`Organize Seamlessly`,
              body: t`Passports, vaccination records and travel documents sit next to each horse, ready whenever a trip needs them.`,
            },
            {
              title: t`Easy Transactions`,
              body: t`Clear prices in UAE dirhams, invoices you can download, and card or Apple Pay payments without paperwork.`,
            },
          ].map((feature, index) => (
            <li key={feature.title} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <TileIcon d={featureIcons[index]} />
              <h3 className="mt-4 text-xl font-bold text-ink">{feature.title}</h3>
              <p className="mt-2 text-slate-700">{feature.body}</p>
            </li>
          ))}
        </ul>
      </section>
      {blogs.length > 0 ? (
        <section aria-labelledby="home-blogs" className="below-fold mx-auto max-w-6xl px-4 py-12">
          <SectionHeader id="home-blogs" title={t`Latest blogs`} to="/blogs" />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {blogs.map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

const featureIcons = [
  // Plan Smarter: a calendar.
  "M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm3 8h3v3H8z",
  // Organize Seamlessly: stacked folders.
  "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 4h18",
  // Easy Transactions: a card.
  "M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 3h18M7 15h4",
];
