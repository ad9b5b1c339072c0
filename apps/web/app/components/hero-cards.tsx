import { useLingui } from "@lingui/react/macro";
import { Link } from "../lib/i18n/link.tsx";

interface HeroCard {
  image: string;
  /** Where the card leads; card 1 has none (product §2 Hero image cards). */
  to?: string;
  /** The accessible name of a linked card (its visible title is empty). */
  label?: string;
}

const cardSize =
  "relative h-[500px] w-[75vw] min-w-[270px] max-w-[576px] shrink-0 snap-start min-[1200px]:h-[540px] " +
  "min-[1200px]:w-auto min-[1200px]:max-w-none";

const zoomClass = "transition-transform duration-500 group-hover:scale-110 group-focus-visible:scale-110";

/** The decorative picture of a card: fills it, zooms when its link is hovered or focused. */
function CardImage({ src, zoom }: { src: string; zoom: boolean }) {
  return (
    <img
      src={src}
      alt=""
      width={270}
      height={500}
      loading="lazy"
      decoding="async"
      className={`size-full object-cover ${zoom ? zoomClass : ""}`}
    />
  );
}

/**
 * The four hero image cards (product §2, §9): empty titles and subtitles; card 1 is a
 * plain picture (no link, not focusable); cards 2–4 link to /transport, /flights and
 * /blogs, zoom on hover and show an arrow marker, and are named for screen readers
 * ('Shows', 'Flights', 'Blogs'). Below 1200 px they sit in a horizontal scroll row;
 * from 1200 px (where four 270 px cards fit) in a four-column grid. Cards are 270 px
 * wide at least, 500 px high (540 px from 1200 px).
 */
export function HeroCards() {
  const { t } = useLingui();
  const cards: HeroCard[] = [
    { image: "/images/card-horse.svg" },
    { image: "/images/card-truck.svg", to: "/transport", label: t`Shows` },
    { image: "/images/card-plane.svg", to: "/flights", label: t`Flights` },
    { image: "/images/card-stable.svg", to: "/blogs", label: t`Blogs` },
  ];
  return (
    <ul
      aria-label={t`Explore`}
      className={
        "flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 py-2 min-[1200px]:grid " +
        "min-[1200px]:grid-cols-4 min-[1200px]:overflow-visible"
      }
    >
      {cards.map((card) => (
        <li key={card.image} className={cardSize}>
          {card.to ? (
            <Link to={card.to} className="group block size-full overflow-hidden rounded-3xl bg-brand-50">
              <CardImage src={card.image} zoom />
              <span className="sr-only">{card.label}</span>
              <span
                aria-hidden="true"
                className={
                  "absolute end-4 bottom-4 grid size-12 place-items-center rounded-full bg-white text-brand " +
                  "shadow-lg transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1"
                }
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-6 stroke-current rtl:-scale-x-100"
                  fill="none"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="M5 12h14M13 6l6 6-6 6" />
                </svg>
              </span>
            </Link>
          ) : (
            <div className="size-full overflow-hidden rounded-3xl bg-brand-50">
              <CardImage src={card.image} zoom={false} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
