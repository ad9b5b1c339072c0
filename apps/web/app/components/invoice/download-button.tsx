import { useEffect, useRef, useState } from "react";
import { useInvoiceT } from "../../lib/i18n/invoice.ts";
import { Spinner } from "../ui/spinner.tsx";
import { secondaryButton } from "./buttons.ts";

/** How long an opened PDF's object URL is kept before it is released. */
const OBJECT_URL_TTL_MS = 60_000;

/**
 * Download / Receipt (product §4): a link to `/invoice/{hash}/pdf` that opens in a new tab
 * (works without JavaScript). With JavaScript the PDF is fetched first, with a spinner
 * while downloading, then opened in a new tab; a failure shows the server's message or
 * 'Failed to download PDF' (product §8) and opens nothing.
 */
export function DownloadButton({
  hash,
  label,
  accessibleLabel,
  fileName,
}: {
  hash: string;
  label: string;
  accessibleLabel: string;
  fileName: string;
}) {
  const t = useInvoiceT().invoice;
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const urls = useRef<string[]>([]);
  const href = `/invoice/${encodeURIComponent(hash)}/pdf`;

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    setError(null);
    try {
      const response = await fetch(href, { headers: { accept: "application/pdf" }, credentials: "same-origin" });
      if (!response.ok || !response.headers.get("content-type")?.startsWith("application/pdf")) {
        const body = (await response.json().catch(() => null)) as { message?: string | null } | null;
        setError(body?.message || t.downloadFailed);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      urls.current.push(url);
      setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_TTL_MS);
      if (!window.open(url, "_blank")) {
        // A blocked pop-up: save the file instead of losing it.
        const a = document.createElement("a");
        a.href = url;
        a.download = fileName;
        a.click();
      }
    } catch {
      setError(t.downloadFailed);
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
        {downloading ? <Spinner label={t.downloading} className="size-5" /> : <DownloadIcon />}
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
