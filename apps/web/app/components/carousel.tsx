import { useLingui } from "@lingui/react/macro";
import { useId } from "react";

/** A carousel slide (product §3 Carousel slide): heading, image url and name. */
export interface CarouselSlide {
  heading: string;
  url: string;
  name: string;
}

/**
 * A titled slide carousel (product §1, §9): 4 slides on wide screens, 2 at 1024 px and
 * below, 1 at 600 px and below (pure CSS), no loop. A CSS scroll-snap row (decision 024: no
 * framework): it scrolls by touch, trackpad, wheel or keyboard (the row is focusable, arrow
 * keys scroll it) and settles on a slide's start edge. The previous/next buttons need a
 * script: our site script (`data-carousel`) shows them (their place is kept, so nothing
 * moves), scrolls one slide per press (smoothly, unless reduced motion is asked for) and
 * disables each at its end; without any script they are not there. Slides follow the
 * reading direction, so on an Arabic page the row starts at the right.
 */
export function Carousel({
  title,
  slides,
  imageAlt,
}: {
  title: string;
  slides: CarouselSlide[];
  imageAlt: (name: string) => string;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const slideLabel = (number: number, total: number) =>
    t({
      message: `${number} of ${total}`,
      comment: "A carousel slide's name for screen readers: its place in the row",
    });

  const buttonClass =
    "grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-ink hover:bg-slate-100 " +
    "disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription={t({ message: "carousel", comment: "What a screen reader calls the carousel" })}
      data-carousel=""
      className="mx-auto max-w-6xl px-4 py-12"
    >
      {/* Wraps, so a long title or a reader's own text spacing (WCAG 1.4.12) puts the buttons below it. */}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold text-ink md:text-3xl">
          {title}
        </h2>
        <div data-carousel-controls="" className="invisible flex gap-2 noscript:hidden">
          <button type="button" className={buttonClass} aria-label={t`Previous slide`} data-carousel-prev="" disabled>
            <SlideArrow path="M15 6l-6 6 6 6" />
          </button>
          <button type="button" className={buttonClass} aria-label={t`Next slide`} data-carousel-next="">
            <SlideArrow path="M9 6l6 6-6 6" />
          </button>
        </div>
      </div>
      {/* Which slide a button brought to the start of the row, said once the row stops (the site script writes it). */}
      <p role="status" data-carousel-status="" className="sr-only" />
      {/* biome-ignore lint/a11y/useSemanticElements: the row of the WAI-ARIA carousel pattern, not form fields */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1): keyboard users scroll it with the arrow keys
        tabIndex={0}
        role="group"
        aria-label={t`Slides`}
        data-carousel-row=""
        className="snap-x snap-mandatory overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto"
      >
        <div className="-ms-4 flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide of the WAI-ARIA carousel pattern, not form fields
            <div
              key={slide.url}
              role="group"
              aria-roledescription={t({ message: "slide", comment: "What a screen reader calls a carousel's slide" })}
              aria-label={slideLabel(index + 1, slides.length)}
              data-carousel-slide=""
              className={
                "min-w-0 shrink-0 grow-0 basis-1/4 snap-start ps-4 max-[1025px]:basis-1/2 " + "max-[601px]:basis-full"
              }
            >
              <figure
                className={
                  "flex h-full flex-col items-center rounded-3xl bg-white p-5 text-center shadow-sm " +
                  "ring-1 ring-slate-200"
                }
              >
                <img
                  src={slide.url}
                  alt={imageAlt(slide.name)}
                  width={300}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className="h-72 w-auto"
                />
                <figcaption className="mt-4">
                  <span className="block text-sm font-semibold tracking-wide text-brand uppercase">{slide.name}</span>
                  <h3 className="mt-1 text-lg font-bold text-ink">{slide.heading}</h3>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** A previous/next chevron (`path`: its SVG path), mirrored under `dir="rtl"`, hidden from assistive technology. */
function SlideArrow({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 stroke-current rtl:-scale-x-100"
      fill="none"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
