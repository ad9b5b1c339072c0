import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "../lib/i18n/link.tsx";
import { MissingItem } from "./detail-page.tsx";
import { StoreButtons } from "./store-buttons.tsx";

/** One fact of a show or flight page: a label and its value (a `<dt>`/`<dd>` pair). */
export interface TripFact {
  label: string;
  value: ReactNode;
}

/** The facts of a show or flight (product §2, show and flight pages) as a description list, two columns on wide screens. */
export function TripFacts({ facts }: { facts: TripFact[] }) {
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-2xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-semibold text-slate-700">{fact.label}</dt>
          <dd className="mt-1 text-lg text-ink">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The app prompt of product §1 on a show's or flight's page: booking happens only in the
 * apps, so the page says 'All of our services available on the app' with both store links.
 */
export function TripAppPrompt() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="trip-app-prompt" className="rounded-3xl bg-brand p-6 text-white md:p-8">
      <h2 id="trip-app-prompt" className="text-2xl font-bold">
        {t`All of our services available on the app`}
      </h2>
      <p className="mt-2 text-brand-50">{t`Book transport and flights for your horses in the app.`}</p>
      <StoreButtons className="mt-5" tone="light" />
    </section>
  );
}

/**
 * What a show's or flight's page shows without its item (product §2, show and flight pages): 'Show not found.' or
 * 'Flight not found.' (`notFound`) for an unknown or hidden one (404), 'Temporarily
 * unavailable' when the API failed (503), with a link to the schedule it would be on.
 */
export function TripMissing({
  status,
  notFound,
  schedule,
  scheduleLabel,
}: {
  status: number;
  notFound: MessageDescriptor;
  schedule: string;
  scheduleLabel: string;
}) {
  const { t } = useLingui();
  return (
    <MissingItem
      status={status}
      notFound={notFound}
      reason={t`It may have ended, been moved or been removed from the schedule.`}
      unavailableReason={t`The schedule cannot be read right now. Please try again later.`}
      to={schedule}
      linkLabel={scheduleLabel}
    />
  );
}

/** The button-like look of the actions under a show's or flight's facts. */
export const tripActionClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-brand px-5 py-2 font-semibold text-brand " +
  "hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * The actions of a show's or flight's page (product §2, show and flight pages): 'Add to calendar' downloads its `.ics`
 * (`calendarPath`, a site path; absent when the item has no start date), then whatever the
 * page adds (`children`). Plain links and buttons: the calendar works without JavaScript.
 */
export function TripActions({ calendarPath, children }: { calendarPath: string | null; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-3">
      {calendarPath ? (
        <Link to={calendarPath} reloadDocument className={tripActionClass}>
          <CalendarIcon />
          {t`Add to calendar`}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
