/** The dark banner with a page's title at the top of /transport and /flights (product §2). */
export function PageBanner({ title, eyebrow }: { title: string; eyebrow?: string }) {
  return (
    <section className="bg-brand text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-accent-200 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-2xl text-3xl font-bold md:text-5xl">{title}</h1>
      </div>
    </section>
  );
}
