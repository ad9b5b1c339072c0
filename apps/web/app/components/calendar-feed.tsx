import { useLingui } from "@lingui/react/macro";
import { usePublicConfig } from "../lib/config.ts";
import { localizedPath } from "../lib/i18n/language.ts";
import { useLanguage } from "../lib/i18n/lingui.tsx";

/**
 * The `webcal:` form of an absolute http(s) address, which calendar apps open as a
 * subscription (`https://x/calendar/shows.ics` → `webcal://x/calendar/shows.ics`).
 */
function webcalUrl(url: string): string {
  return url.replace(/^https?:/, "webcal:");
}

/**
 * The calendar feed offered under a schedule (product §2, show and flight pages): 'Subscribe in your calendar' as a
 * `webcal:` link, and the plain https address of the same feed for apps that ask for one.
 * `feedPath` is a site path with its filter (`/calendar/shows.ics?discipline=dressage`);
 * it is made absolute on the public URL and put in the page's language.
 */
export function CalendarFeedLinks({ feedPath }: { feedPath: string }) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const language = useLanguage();
  const https = `${config.publicUrl}${localizedPath(feedPath, language)}`;
  return (
    <aside
      aria-label={t`Calendar feed`}
      className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl bg-brand-50 px-5 py-4 text-ink"
    >
      <a href={webcalUrl(https)} className="font-semibold text-brand underline underline-offset-4">
        {t`Subscribe in your calendar`}
      </a>
      <a href={https} className="text-sm text-slate-700 underline underline-offset-4">
        {t`Feed address (https)`}
      </a>
    </aside>
  );
}
