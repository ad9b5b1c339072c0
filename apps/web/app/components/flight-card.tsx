import { flightTypeBySlug } from "@khayl/contract/flight-types";
import { formatFlightDate } from "@khayl/contract/format";
import type { SelectiveService } from "@khayl/contract/selective-services";
import { useLingui } from "@lingui/react/macro";
import { localizedPath } from "../lib/i18n/language.ts";
import { useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { flightPath } from "../lib/trips.ts";
import { APP_MODAL_ID, CardDetailsLink, useOpenAppModal } from "./app-modal.tsx";

/**
 * A flight card (product §3 selective service): type, airport codes, countries,
 * selective code and dates like 'Monday 05 Jan 2025'. Activating it opens the app modal, with a link to its own page (product §2, show and flight pages).
 */
export function FlightCard({ flight }: { flight: SelectiveService }) {
  const openAppModal = useOpenAppModal();
  const { t } = useLingui();
  const language = useLanguage();
  const contentLang = useContentLang(flight.language);
  const from = flight.departureAirport?.code ?? "-";
  const to = flight.arrivalAirport?.code ?? "-";
  // Only a flight on the website has a page (product §2, "Show and flight pages").
  const page = flight.showOnWebsite === false ? undefined : flightPath(flight.id);
  const type = flightTypeBySlug(flight.type);
  return (
    <div className="flex h-full flex-col">
      <button
        type="button"
        onClick={() => openAppModal(page)}
        commandfor={APP_MODAL_ID}
        command="show-modal"
        data-details={page ? localizedPath(page, language) : undefined}
        aria-haspopup="dialog"
        className={
          "card flex w-full flex-1 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-start " +
          "shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
        }
      >
        <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="min-w-0 rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold text-ink wrap-break-word">
            {/* The type in any case (product §3 matches it case-insensitively), in the page's language. */}
            {type === "import" ? t`Import` : type === "export" ? t`Export` : flight.type}
          </span>
          {flight.selectiveCode ? (
            <bdi className="min-w-0 text-xs font-medium text-slate-700 wrap-break-word">{flight.selectiveCode}</bdi>
          ) : null}
        </span>
        <span className="text-2xl font-bold text-ink">
          <span className="sr-only">{t`${from} to ${to}`}</span>
          <span aria-hidden="true" className="flex flex-wrap items-center gap-x-3">
            <bdi className="min-w-0 wrap-break-word">{from}</bdi>
            <span className="text-brand rtl:-scale-x-100">→</span>
            <bdi className="min-w-0 wrap-break-word">{to}</bdi>
          </span>
        </span>
        <span lang={contentLang} className="text-sm text-slate-700">
          {flight.fromCountry ?? "-"}{" "}
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            →
          </span>{" "}
          {flight.toCountry ?? "-"}
        </span>
        <span className="mt-auto grid gap-1 text-sm text-slate-700">
          <span>
            <span className="font-semibold">{t`Departs (UAE time)`}:</span>{" "}
            {formatFlightDate(flight.startDate, language)}
          </span>
          <span>
            <span className="font-semibold">{t`Arrives (UAE time)`}:</span> {formatFlightDate(flight.endDate, language)}
          </span>
        </span>
      </button>
      {page ? <CardDetailsLink path={page} name={`${from} – ${to}`} /> : null}
    </div>
  );
}
