import { usePublicConfig } from "../lib/config.ts";
import { aboutCatalogueFor, useAboutT } from "../lib/i18n/about.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/aboutus";

export function meta({ matches }: Route.MetaArgs) {
  const t = aboutCatalogueFor().about;
  const company = companyFromMatches(matches);
  return pageMeta(matches, { title: t.title, description: t.intro(company ?? "") });
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

/** A decorative line icon in a soft tile. */
function Icon({ d }: { d: string | undefined }) {
  return (
    <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand">
      <svg
        viewBox="0 0 24 24"
        className="size-6 stroke-current"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
    </span>
  );
}

/**
 * About us (product §1): the 'Why?', 'What', 'How' story, three service cards, three
 * value cards and the app feature gallery. Static: no loader, no page JavaScript of
 * its own.
 */
export default function AboutUs() {
  const t = useAboutT().about;
  const config = usePublicConfig();
  return (
    <>
      <section className="bg-brand text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-[3fr_2fr] md:py-16">
          <div>
            <h1 className="text-4xl font-bold md:text-5xl">{t.title}</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-50">{t.intro(config.companyName)}</p>
          </div>
          <img
            src="/images/truck-banner.svg"
            alt={t.bannerImageAlt}
            width={1200}
            height={360}
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full rounded-3xl"
          />
        </div>
      </section>

      <section aria-label={t.storyLabel} className="mx-auto max-w-6xl px-4 py-12">
        <ol className="grid gap-6 md:grid-cols-3">
          {t.story.map((part, index) => (
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

      <section aria-labelledby="about-services" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="about-services" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
          {t.servicesTitle}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {t.services.map((service, index) => (
            <li key={service.title} className="rounded-3xl border border-slate-200 bg-white p-6">
              <Icon d={serviceIcons[index]} />
              <h3 className="mt-4 text-xl font-bold text-ink">{service.title}</h3>
              <p className="mt-2 text-slate-700">{service.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-values" className="bg-accent-100">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="about-values" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
            {t.valuesTitle}
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {t.values.map((value, index) => (
              <li key={value.title} className="rounded-3xl bg-white p-6 shadow-sm">
                <Icon d={valueIcons[index]} />
                <h3 className="mt-4 text-xl font-bold text-ink">{value.title}</h3>
                <p className="mt-2 text-slate-700">{value.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-gallery" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="about-gallery" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
          {t.galleryTitle}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {t.gallery.map((item) => (
            <li
              key={item.title}
              className="flex flex-col items-center rounded-3xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200"
            >
              <img
                src={item.image}
                alt={t.galleryImageAlt(item.title)}
                width={300}
                height={600}
                loading="lazy"
                decoding="async"
                className="h-64 w-auto"
              />
              <h3 className="mt-4 text-lg font-bold text-ink">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{item.body}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
