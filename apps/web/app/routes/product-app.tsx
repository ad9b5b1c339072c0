import type { RouteHandle } from "@khayl/contract/page-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AppHero } from "../components/app-hero.tsx";
import { Carousel, type CarouselSlide } from "../components/carousel.tsx";
import { StoreButtons } from "../components/store-buttons.tsx";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { localizedRedirect } from "../lib/i18n/link.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/product-app";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/**
 * `/{product}-App` (architecture §3.13): the landing variant of product §1. Any other
 * single-segment path is unknown and redirects to `/` (product §2).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (params.productApp.toLowerCase() !== `${context.config.productName}-App`.toLowerCase())
    throw localizedRedirect(request, "/");
  return { productName: context.config.productName, messages: await messagesFor(request, "product-app") };
}

/** A form posted to any single-segment path redirects to `/` like the catch-all does (the app page takes no posts). */
export function action({ request }: Route.ActionArgs) {
  return localizedRedirect(request, "/");
}

/** The page's name, '{product} App'. */
function pageName(product: string): MessageDescriptor {
  return msg`${product} App`;
}

/** The hero's sentence (also the meta description). */
function heroBody(product: string): MessageDescriptor {
  return msg`Transport, flights, documents and payments for your horses, all in the ${product} app for iPhone and Android.`;
}

/**
 * Title '{product} App' (the loader's product name) and the hero's sentence as description
 * (architecture §3.13); `pageMeta` adds the canonical and hreflang links in both languages and
 * the default share card.
 */
export function meta({ data, matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const product = data?.productName ?? "";
  return pageMeta(matches, { title: i18n._(pageName(product)), description: i18n._(heroBody(product)) });
}

/** The two carousels' slides (product §3 Carousel slide) in the page's language. */
function useSlides(): { horse: CarouselSlide[]; data: CarouselSlide[] } {
  const { t } = useLingui();
  return {
    horse: [
      { heading: t`Every horse, one profile`, url: "/images/slide-horses.svg", name: t`My horses` },
      { heading: t`Follow the trip live`, url: "/images/slide-track.svg", name: t`Tracking` },
      { heading: t`Book in a few steps`, url: "/images/slide-steps.svg", name: t`Booking` },
      { heading: t`Share with your team`, url: "/images/slide-share.svg", name: t`Sharing` },
      { heading: t`Help around the clock`, url: "/images/slide-support.svg", name: t`Support` },
    ],
    data: [
      { heading: t`Your activity at a glance`, url: "/images/slide-overview.svg", name: t`Overview` },
      { heading: t`Flights at your fingertips`, url: "/images/slide-flights.svg", name: t`Flights` },
      { heading: t`Pay with a saved card`, url: "/images/slide-wallet.svg", name: t`Wallet` },
      { heading: t`All invoices in one list`, url: "/images/slide-invoices.svg", name: t`Invoices` },
      { heading: t`Your details, always current`, url: "/images/slide-profile.svg", name: t`Profile` },
    ],
  };
}

/**
 * The app page: hero with store buttons, the two experience cards, the 'Simplified
 * Horse Management' carousel, the desktop-only truck banner, the 'Simplified Data
 * Management' carousel and the closing block with the app logo (product §1).
 */
export default function ProductApp({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const slides = useSlides();
  const product = loaderData.productName;
  const slideImageAlt = (name: string) => t`${name} screen of the app`;
  const experienceCards = [
    {
      title: t`Move your horse without stress`,
      body: t`Pick a show or a date, choose a stall and let our team do the rest. Live updates keep you close to your horse all the way.`,
      image: "/images/card-truck.svg",
    },
    {
      title: t`You'll never miss a flight`,
      body: t`See every import and export flight as soon as it opens, reserve early and get reminders for each step before departure.`,
      image: "/images/card-plane.svg",
    },
  ];
  return (
    <>
      <AppHero
        eyebrow={i18n._(pageName(product))}
        title={t`Equine Service Made Simple with us`}
        body={i18n._(heroBody(product))}
        imageAlt={t`The app's home screen with a planned route and upcoming trips`}
      />

      <section aria-labelledby="app-experience" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="app-experience" className="mb-6 text-2xl font-bold text-ink md:text-3xl">
          {t`The Most Creative Equine Logistics Experience`}
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {experienceCards.map((card) => (
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

      <Carousel title={t`Simplified Horse Management`} slides={slides.horse} imageAlt={slideImageAlt} />

      <figure className="mx-auto hidden max-w-6xl px-4 py-12 lg:block">
        <img
          src="/images/truck-banner.svg"
          alt={t`A long horse truck with five stalls on the road`}
          width={1200}
          height={360}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-3xl"
        />
        <figcaption className="mt-4 text-center text-xl font-semibold text-ink">{t`Travel in one of the biggest horse trucks in the UAE, with room for every horse to stand and rest in comfort.`}</figcaption>
      </figure>

      <Carousel title={t`Simplified Data Management`} slides={slides.data} imageAlt={slideImageAlt} />

      <section aria-labelledby="app-closing" className="below-fold mx-auto max-w-6xl px-4 py-12">
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
            {t`Get the ${product} app`}
          </h2>
          <p className="mt-2 text-slate-700">{t`Free to download on the App Store and Google Play.`}</p>
          <StoreButtons className="mt-6 justify-center" />
        </div>
      </section>
    </>
  );
}
