/** How long an opened PDF's object URL is kept before it is released. */
const OBJECT_URL_TTL_MS = 60_000;

/** What `openPdf` did: opened (or saved) the PDF, or the failure's message (null: an answer without one). */
type OpenPdfResult = { opened: true } | { message: string | null };

/**
 * The Download / Receipt buttons' work (product §4), loaded on their first click so it stays
 * out of the page's initial JavaScript: fetches the PDF at `href` (the page's own resource
 * route) and opens it in a new tab from an object URL of this origin, or saves it as
 * `fileName` when the pop-up is blocked; the object URL is released after a minute (the
 * new tab has loaded it by then). An answer that is not a PDF gives its `{ message }` (the
 * API's, in the page's language). Throws when the network fails.
 */
export async function openPdf(href: string, fileName: string): Promise<OpenPdfResult> {
  const response = await fetch(href, { headers: { accept: "application/pdf" }, credentials: "same-origin" });
  if (!response.ok || !response.headers.get("content-type")?.startsWith("application/pdf")) {
    const body = (await response.json().catch(() => null)) as { message?: string | null } | null;
    return { message: body?.message || null };
  }
  const url = URL.createObjectURL(await response.blob());
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_TTL_MS);
  if (!window.open(url, "_blank")) {
    // A blocked pop-up: save the file instead of losing it.
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.click();
  }
  return { opened: true };
}
