import { StoreButtons } from "./store-buttons.tsx";

/**
 * The app pitch hero (product §1, §2): an optional eyebrow, the title, a sentence, the App
 * Store and Google Play buttons, and the phone mockup as the page's first (LCP) image.
 * Used by `/{product}-App` and `/release-logs`.
 */
export function AppHero({
  eyebrow,
  title,
  body,
  imageAlt,
}: {
  eyebrow?: string;
  title: string;
  body: string;
  imageAlt: string;
}) {
  return (
    <section className="bg-brand text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-[3fr_2fr] md:py-16">
        <div>
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold tracking-widest text-accent-200 uppercase">{eyebrow}</p>
          ) : null}
          <h1 className="text-4xl font-bold md:text-6xl">{title}</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-50">{body}</p>
          <StoreButtons tone="light" className="mt-8" />
        </div>
        <img
          src="/images/app-phone.svg"
          alt={imageAlt}
          width={300}
          height={600}
          fetchPriority="high"
          decoding="async"
          className="mx-auto h-auto w-48 md:w-60"
        />
      </div>
    </section>
  );
}
