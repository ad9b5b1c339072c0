import { redirect } from "react-router";
import { AppHero } from "../components/app-hero.tsx";
import { Carousel } from "../components/carousel.tsx";
import { StoreButtons } from "../components/store-buttons.tsx";
import { productAppCatalogueFor, useProductAppT } from "../lib/i18n/product-app.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/product-app";

/**
 * `/{product}-App` (architecture §3.13): the landing variant of product §1. Any other
 * single-segment path is unknown and redirects to `/` (product §2).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  if (params.productApp.toLowerCase() !== `${context.config.productName}-App`.toLowerCase()) throw redirect("/");
  return { productName: context.config.productName };
}

/** A form posted to any single-segment path redirects to `/` like the catch-all does (the app page takes no posts). */
export function action() {
  return redirect("/");
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = productAppCatalogueFor().productApp;
  const product = data?.productName ?? "";
  return pageMeta(matches, { title: t.title(product), description: t.heroBody(product) });
}

/**
 * The app page: hero with store buttons, the two experience cards, the 'Simplified
 * Horse Management' carousel, the desktop-only truck banner, the 'Simplified Data
 * Management' carousel and the closing block with the app logo (product §1).
 */
export default function ProductApp({ loaderData }: Route.ComponentProps) {
  const t = useProductAppT().productApp;
  const product = loaderData.productName;
  return (
    <>
      <AppHero eyebrow={t.title(product)} title={t.heroTitle} body={t.heroBody(product)} imageAlt={t.heroImageAlt} />

      <section aria-labelledby="app-experience" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="app-experience" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
          {t.experienceTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {t.experienceCards.map((card) => (
            <li
              key={card.title}
              className="grid grid-cols-[2fr_3fr] overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              <img
                src={card.image}
                alt=""
                width={270}
                height={500}
                loading="lazy"
                decoding="async"
                className="h-full max-h-80 w-full object-cover"
              />
              <div className="p-6">
                <h3 className="text-xl font-bold text-ink">{card.title}</h3>
                <p className="mt-2 text-slate-700">{card.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Carousel title={t.horseCarouselTitle} slides={t.horseSlides} imageAlt={t.slideImageAlt} />

      <figure className="mx-auto hidden max-w-6xl px-4 py-12 lg:block">
        <img
          src="/images/truck-banner.svg"
          alt={t.bannerImageAlt}
          width={1200}
          height={360}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-3xl"
        />
        <figcaption className="mt-4 text-center text-xl font-semibold text-ink">{t.bannerCaption}</figcaption>
      </figure>

      <Carousel title={t.dataCarouselTitle} slides={t.dataSlides} imageAlt={t.slideImageAlt} />

      <section aria-labelledby="app-closing" className="mx-auto max-w-6xl px-4 py-12">
        <div className="flex flex-col items-center rounded-3xl bg-accent-100 px-6 py-12 text-center">
          <img
            src="/images/icon-192.svg"
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="size-24 rounded-3xl shadow-lg"
          />
          <h2 id="app-closing" className="mt-6 text-3xl font-bold text-ink">
            {t.closingTitle(product)}
          </h2>
          <p className="mt-2 text-slate-700">{t.closingBody}</p>
          <StoreButtons className="mt-6 justify-center" />
        </div>
      </section>
    </>
  );
}
