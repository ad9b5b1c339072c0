import { useLingui } from "@lingui/react/macro";
import type { EmblaCarouselType } from "embla-carousel";
import { useCallback, useEffect, useId, useRef, useState } from "react";

/** A carousel slide (product §3 Carousel slide): heading, image url and name. */
export interface CarouselSlide {
  heading: string;
  url: string;
  name: string;
}

/**
 * Embla's `duration` is not in milliseconds. Simulating its scroll body (60 steps a
 * second, friction 0.68), 20 moves a slide 98 % of the way in about 430 ms and
 * settles within about 560 ms: product §9's "speed 500 ms".
 */
const SCROLL_DURATION = 20;

/**
 * A titled slide carousel (product §1, §9): 4 slides on wide screens, 2 at 1024 px and
 * below, 1 at 600 px and below (pure CSS, so the server HTML is right), no loop,
 * previous/next buttons. Before Embla starts (or without JavaScript) the slides are a
 * horizontally scrollable, keyboard-focusable row; once it starts, the buttons appear
 * and drive it. Embla (the maintained carousel library, about 7 KB gzip) loads on the
 * carousel's first use — a pointer over it, a touch, a focus inside, a scroll of the
 * row — not on load (architecture §5, weight floor: a first visit's scripts are counted until the network
 * is idle). A focus on the row when it starts moves to the Next button.
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
  const emblaRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const [emblaApi, setEmblaApi] = useState<EmblaCarouselType | null>(null);
  const [used, setUsed] = useState(false);
  const use = () => setUsed(true);
  useEffect(() => {
    if (!used) return;
    let api: EmblaCarouselType | undefined;
    let cancelled = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled || !emblaRef.current) return;
      refocus.current = document.activeElement === emblaRef.current;
      api = EmblaCarousel(emblaRef.current, {
        loop: false,
        align: "start",
        duration: SCROLL_DURATION,
        containScroll: "trimSnaps",
        direction: document.documentElement.dir === "rtl" ? "rtl" : "ltr",
      });
      setEmblaApi(api);
    });
    return () => {
      cancelled = true;
      api?.destroy();
    };
  }, [used]);
  const [ready, setReady] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!emblaApi) return;
    setCanPrev(emblaApi.canScrollPrev());
    setCanNext(emblaApi.canScrollNext());
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    setReady(true);
    update();
    if (refocus.current) {
      refocus.current = false;
      // The row stops being focusable once Embla drives it: keep the keyboard in the carousel.
      requestAnimationFrame(() => nextRef.current?.focus());
    }
    emblaApi.on("select", update).on("reInit", update);
    return () => {
      emblaApi.off("select", update).off("reInit", update);
    };
  }, [emblaApi, update]);

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
      aria-roledescription="carousel"
      className="mx-auto max-w-6xl px-4 py-12"
      onPointerEnter={use}
      onTouchStart={use}
      onFocus={use}
    >
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold text-ink md:text-3xl">
          {title}
        </h2>
        {ready ? (
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass}
              aria-label={t`Previous slide`}
              disabled={!canPrev}
              onClick={() => emblaApi?.scrollPrev()}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5 stroke-current rtl:-scale-x-100"
                fill="none"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M15 6l-6 6 6 6" />
              </svg>
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-label={t`Next slide`}
              ref={nextRef}
              disabled={!canNext}
              onClick={() => emblaApi?.scrollNext()}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5 stroke-current rtl:-scale-x-100"
                fill="none"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M9 6l6 6-6 6" />
              </svg>
            </button>
          </div>
        ) : null}
      </div>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label is set only with role="group" */}
      <div
        ref={emblaRef}
        // Without JavaScript the row scrolls natively; keyboard users reach it by Tab.
        tabIndex={ready ? undefined : 0}
        aria-label={ready ? undefined : t`Slides`}
        role={ready ? undefined : "group"}
        className={ready ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto pb-2"}
        onScroll={ready ? undefined : use}
      >
        <div className="-ms-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide of the WAI-ARIA carousel pattern, not form fields
            <div
              key={slide.url}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(index + 1, slides.length)}
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
