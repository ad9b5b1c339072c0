import { eventCategoryLabel, eventPlaceCode } from "@khayl/contract/event-fields";
import type { Event } from "@khayl/contract/events";
import { formatEventDateRange } from "@khayl/contract/format";
import { useLingui } from "@lingui/react/macro";
import { localizedPath } from "../lib/i18n/language.ts";
import { useContentLang, useLanguage } from "../lib/i18n/lingui.tsx";
import { showPath } from "../lib/trips.ts";
import { APP_MODAL_ID, CardDetailsLink, useOpenAppModal } from "./app-modal.tsx";

/**
 * A transport event card (product §3 Event): status badge, name, venue code (with the
 * spec's fallbacks), dates as day + short month (a range when `endDate` exists, '-'
 * when `startDate` is missing) and category. Activating it opens the app modal, with a link to its own page (product §2, show and flight pages).
 */
export function EventCard({ event }: { event: Event }) {
  const openAppModal = useOpenAppModal();
  const { t } = useLingui();
  const language = useLanguage();
  const contentLang = useContentLang(event.language);
  const place = eventPlaceCode(event);
  // Only a show on the website has a page (product §2, "Show and flight pages").
  const page = event.showOnWebsite === false ? undefined : showPath(event.id);
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
          {event.eventStatus ? (
            <span
              lang={contentLang}
              className="min-w-0 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand wrap-break-word"
            >
              {event.eventStatus}
            </span>
          ) : (
            <span />
          )}
          <span className="min-w-0 text-sm text-slate-700 wrap-break-word">
            {eventCategoryLabel(
              event,
              t({ message: "International", comment: "product §3: a show's category when it has none" }),
            )}
          </span>
        </span>
        <span lang={contentLang} className="text-lg leading-snug font-bold text-ink">
          {event.eventName}
        </span>
        <span className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-700">
          <bdi className="min-w-0 font-semibold tracking-wide wrap-break-word">{place ?? "-"}</bdi>
          <span>{formatEventDateRange(event.startDate, event.endDate, language)}</span>
        </span>
      </button>
      {page ? <CardDetailsLink path={page} name={event.eventName} /> : null}
    </div>
  );
}
