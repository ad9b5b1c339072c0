import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { localizedPath } from "../../lib/i18n/language.ts";
import { useLanguage } from "../../lib/i18n/lingui.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { secondaryButton } from "./buttons.ts";

/**
 * Download / Receipt (product §4): a link to `/invoice/{hash}/pdf` (`/ar/invoice/{hash}/pdf`
 * on the Arabic page) that opens in a new tab (works without JavaScript). With JavaScript
 * the PDF is asked for first (`openPdf`, loaded on the first click), with a spinner while
 * downloading, then that address opens in a new tab (saved when pop-ups are blocked); a
 * failure shows the server's message or 'Failed to download PDF' (product §8) and opens nothing.
 */
export function DownloadButton({
  hash,
  label,
  accessibleLabel,
}: {
  hash: string;
  label: string;
  accessibleLabel: string;
}) {
  const { t } = useLingui();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const href = localizedPath(`/invoice/${encodeURIComponent(hash)}/pdf`, useLanguage());
  const failed = t`Failed to download PDF`;

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    setError(null);
    try {
      const result = await (await import("./download-pdf.ts")).openPdf(href);
      if ("message" in result) setError(result.message || failed);
    } catch {
      setError(failed);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="grid gap-2">
      <a
        href={href}
        target="_blank"
        rel="noopener"
        onClick={download}
        aria-label={accessibleLabel}
        aria-disabled={downloading ? true : undefined}
        className={`${secondaryButton} ${downloading ? "cursor-progress opacity-80" : ""}`}
      >
        {downloading ? <Spinner label={t`Downloading…`} className="size-5" /> : <DownloadIcon />}
        {label}
      </a>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className="size-5 fill-none stroke-current"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-1.5" />
    </svg>
  );
}
