import { formatFlightDate } from "@khayl/contract/format";
import type { SelectiveService } from "@khayl/contract/selective-services";
import { useT } from "../lib/i18n/index.ts";
import { APP_MODAL_ID, useOpenAppModal } from "./app-modal.tsx";

/**
 * A flight card (product §3 selective service): type, airport codes, countries,
 * selective code and dates like 'Monday 05 Jan 2025'. Activating it opens the app modal.
 */
export function FlightCard({ flight }: { flight: SelectiveService }) {
  const openAppModal = useOpenAppModal();
  const t = useT();
  const from = flight.departureAirport?.code ?? "-";
  const to = flight.arrivalAirport?.code ?? "-";
  return (
    <button
      type="button"
      onClick={openAppModal}
      commandfor={APP_MODAL_ID}
      command="show-modal"
      aria-haspopup="dialog"
      className="card flex h-full w-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-start shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <span className="flex items-center justify-between gap-3">
        <span className="rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold text-ink">{flight.type}</span>
        {flight.selectiveCode ? (
          <span className="text-xs font-medium text-slate-700">{flight.selectiveCode}</span>
        ) : null}
      </span>
      <span className="flex items-center gap-3 text-2xl font-bold text-ink" aria-label={t.flights.route(from, to)}>
        <span>{from}</span>
        <span aria-hidden="true" className="text-brand rtl:-scale-x-100">
          →
        </span>
        <span>{to}</span>
      </span>
      <span className="text-sm text-slate-700">
        {flight.fromCountry ?? "-"}{" "}
        <span aria-hidden="true" className="rtl:-scale-x-100">
          →
        </span>{" "}
        {flight.toCountry ?? "-"}
      </span>
      <span className="mt-auto grid gap-1 text-sm text-slate-700">
        <span>
          <span className="font-semibold">{t.flights.departs}:</span> {formatFlightDate(flight.startDate)}
        </span>
        <span>
          <span className="font-semibold">{t.flights.arrives}:</span> {formatFlightDate(flight.endDate)}
        </span>
      </span>
    </button>
  );
}
