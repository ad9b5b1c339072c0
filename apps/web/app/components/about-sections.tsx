import { useLingui } from "@lingui/react/macro";
import { TileIcon } from "./ui/tile-icon.tsx";

/**
 * The sections of /aboutus under its banner (product §1), in the page's language: the
 * 'Why?', 'What', 'How' story, the three service cards, the three value cards and the app
 * feature gallery. Their texts are in the `about` catalogue (apps/web/lingui.config.ts).
 */

/** A card's heading and text. */
interface Card {
  title: string;
  body: string;
}

const serviceIcons = [
  // Local Transport: a truck.
  "M3 6h11v10H3zM14 9h4l3 4v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  // International Shipping: a plane.
  "M10.5 13.5 3 11l1.5-1.5 7.5 1 4-4.5a2 2 0 0 1 3 3l-4.5 4 1 7.5L14 22l-2.5-7.5-3 3V20l-2-2-2-2h2.5z",
  // Software Development: code brackets.
  "m8 8-4 4 4 4m8-8 4 4-4 4M14 5l-4 14",
];
const valueIcons = [
  // Horse First Approach: a heart.
  "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z",
  // Smart Technology: a chip.
  "M7 7h10v10H7zM10 3v4m4-4v4m-4 10v4m4-4v4M3 10h4m-4 4h4m10-4h4m-4 4h4",
  // Care Driven Team: people.
  "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-6 9a6 6 0 0 1 12 0m1-9a3 3 0 1 0 0-6m2 15a6 6 0 0 0-3-5.2",
];

/** The story in three numbered cards: why, what and how. */
export function AboutStory() {
  const { t } = useLingui();
  const story: Card[] = [
    {
      title: t`Why?`,
      body: t`Because moving a horse should never feel like a gamble. Owners told us the same story again and again: phone calls to find a truck, messages lost in group chats, no idea where their horse was until it arrived. Horses deserve calm journeys, and their people deserve peace of mind.`,
    },
    {
      title: t`What`,
      body: t`We run horse transport by road to shows, hospitals and stables across the Emirates, arrange import and export shipping by air, and put it all in one app, where you book, track, keep your documents and pay.`,
    },
    {
      title: t`How`,
      body: t`With experienced grooms and drivers, trucks built for horses, trusted airline partners and our own technology. We plan every trip around the horse first, share live updates on the way, and keep prices and paperwork clear from the first booking to the last invoice.`,
    },
  ];
  return (
    <section aria-label={t`Our story`} className="mx-auto max-w-6xl px-4 py-12">
      <ol className="grid gap-6 md:grid-cols-3">
        {story.map((part, index) => (
          <li key={part.title} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <p aria-hidden="true" className="text-5xl font-bold text-brand">
              {String(index + 1).padStart(2, "0")}
            </p>
            <h2 className="mt-2 text-2xl font-bold text-ink">{part.title}</h2>
            <p className="mt-3 text-slate-700">{part.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What we do: the three services, each with its icon. */
export function AboutServices() {
  const { t } = useLingui();
  const services: Card[] = [
    {
      title: t`Local Transport`,
      body: t`Door-to-door road transport to shows, hospitals and stables in every emirate, with shared and private trips.`,
    },
    {
      title: t`International Shipping`,
      body: t`Import and export flights with customs, health papers and quarantine arranged, so your horse travels the world safely.`,
    },
    {
      title: t`Software Development`,
      body: t`The app and tools we build for our own operations, also available to stables, clubs and event organisers.`,
    },
  ];
  return (
    <section aria-labelledby="about-services" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="about-services" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
        {t`What we do`}
      </h2>
      <ul className="grid gap-5 md:grid-cols-3">
        {services.map((service, index) => (
          <li key={service.title} className="rounded-3xl border border-slate-200 bg-white p-6">
            <TileIcon d={serviceIcons[index]} />
            <h3 className="mt-4 text-xl font-bold text-ink">{service.title}</h3>
            <p className="mt-2 text-slate-700">{service.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What we stand for: the three values, each with its icon. */
export function AboutValues() {
  const { t } = useLingui();
  const values: Card[] = [
    {
      title: t`Horse First Approach`,
      body: t`Every decision starts with the welfare of the horse: rest, water, space and a calm hand on every trip.`,
    },
    {
      title: t`Smart Technology`,
      body: t`Live tracking, digital documents and online payments take the guesswork out of logistics.`,
    },
    {
      title: t`Care Driven Team`,
      body: t`Grooms, drivers and support staff who love horses and treat each one as if it were their own.`,
    },
  ];
  return (
    <section aria-labelledby="about-values" className="below-fold bg-accent-100">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="about-values" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
          {t`What we stand for`}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {values.map((value, index) => (
            <li key={value.title} className="rounded-3xl bg-white p-6 shadow-sm">
              <TileIcon d={valueIcons[index]} />
              <h3 className="mt-4 text-xl font-bold text-ink">{value.title}</h3>
              <p className="mt-2 text-slate-700">{value.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Inside the app: the eight app screens with their captions. */
export function AboutGallery() {
  const { t } = useLingui();
  const gallery: (Card & { image: string })[] = [
    {
      title: t`Creatively track your horse`,
      body: t`Follow each trip live on the map, from loading to arrival.`,
      image: "/images/slide-track.svg",
    },
    {
      title: t`Easy Steps`,
      body: t`Book transport or a flight in a few guided steps.`,
      image: "/images/slide-steps.svg",
    },
    {
      title: t`Everything in one place`,
      body: t`Horses, trips, documents and bookings on one screen.`,
      image: "/images/slide-overview.svg",
    },
    {
      title: t`Sharing is caring`,
      body: t`Share a trip with your trainer, rider or vet so everyone knows where the horse is.`,
      image: "/images/slide-share.svg",
    },
    {
      title: t`Easy Profile`,
      body: t`Keep your details and your horses' records up to date in seconds.`,
      image: "/images/slide-profile.svg",
    },
    {
      title: t`Wallet`,
      body: t`Save a card once and pay for every trip securely.`,
      image: "/images/slide-wallet.svg",
    },
    {
      title: t`Invoices`,
      body: t`Every invoice in one list, ready to view, download or pay.`,
      image: "/images/slide-invoices.svg",
    },
    {
      title: t`24/7 Available`,
      body: t`Our team answers day and night, wherever your horse is.`,
      image: "/images/slide-support.svg",
    },
  ];
  return (
    <section aria-labelledby="about-gallery" className="below-fold mx-auto max-w-6xl px-4 py-12">
      <h2 id="about-gallery" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
        {t`Inside the app`}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {gallery.map(({ title: screen, body, image }) => (
          <li
            key={screen}
            className={
              "flex flex-col items-center rounded-3xl bg-white p-5 text-center shadow-sm ring-1 " + "ring-slate-200"
            }
          >
            <img
              src={image}
              alt={t`App screen: ${screen}`}
              width={300}
              height={600}
              loading="lazy"
              decoding="async"
              className="h-64 w-auto"
            />
            <h3 className="mt-4 text-lg font-bold text-ink">{screen}</h3>
            <p className="mt-1 text-sm text-slate-700">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
