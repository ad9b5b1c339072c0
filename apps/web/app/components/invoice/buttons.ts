/** Button looks of the invoice page (the same as the other forms of the site). */
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2 font-semibold transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${base} bg-brand text-white hover:bg-brand-700 disabled:hover:bg-brand`;
const secondaryLook = "border border-slate-400 bg-white text-ink hover:bg-slate-100 disabled:hover:bg-white";
export const secondaryButton = `${base} ${secondaryLook}`;
