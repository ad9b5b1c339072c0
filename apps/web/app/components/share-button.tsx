import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { notify } from "./ui/toaster.tsx";

/** What the share sheet receives: the page's title, a line about it and its absolute URL. */
export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares `data` (product §2 show and flight pages, show, flight and blog pages). Uses the Web Share API where the
 * browser has it (phones: the system share sheet); elsewhere copies `url` to the clipboard and
 * says so in a toast ('Link copied'), or an error toast when copying is refused. A share the
 * visitor cancels says nothing. Answers what happened, for tests and callers.
 */
async function shareOrCopy(
  data: ShareData,
  messages: { copied: string; failed: string },
): Promise<"shared" | "copied" | "cancelled" | "failed"> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      // Another failure (e.g. not allowed here): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    notify.success(messages.copied);
    return "copied";
  } catch {
    notify.error(messages.failed);
    return "failed";
  }
}

/**
 * The 'Share' button. It needs a script (both the share sheet and the clipboard do), so the
 * HTML carries it pending (`data-share-pending`: invisible but in its place, so that showing
 * it moves nothing — CLS 0, decision 024; not shown at all without scripting, app.css),
 * with what to share and what to say in `data-` attributes:
 * on a content page our site script (decision 024) shows it and shares, saying 'Link
 * copied' in the status beside it; in a browser running the app it appears once hydrated
 * and shares with a toast. Never a button that does nothing.
 */
export function ShareButton({ data, className }: { data: ShareData; className?: string }) {
  const { t } = useLingui();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const messages = { copied: t`Link copied`, failed: t`The link could not be copied` };
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={className}
        data-share-pending={ready ? undefined : true}
        data-share-url={data.url}
        data-share-title={data.title}
        data-share-text={data.text}
        data-copied={messages.copied}
        data-failed={messages.failed}
        onClick={() => void shareOrCopy(data, messages)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t`Share`}
      </button>
      <span role="status" data-share-status className="text-sm font-semibold text-brand" />
    </span>
  );
}
