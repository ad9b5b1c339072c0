import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** The button of the alert pages (a real form POST: opening a mail's link never acts by itself). */
export const alertButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 py-2 font-semibold text-white " +
  "hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * The frame of the alert pages (decision 028): a heading, then `children`; an API `error`
 * is shown as an alert above them.
 */
export function AlertPage({ title, error, children }: { title: string; error?: string | null; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-16 text-ink">
      <h1 className="text-3xl font-bold">{title}</h1>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-700 px-4 py-3 text-red-800">
          {t`Something went wrong:`} {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
