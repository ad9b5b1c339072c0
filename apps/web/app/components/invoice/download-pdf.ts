/** What `openPdf` did: opened (or saved) the PDF, or the failure's message (null: an answer without one). */
type OpenPdfResult = { opened: true } | { message: string | null };

/**
 * The Download / Receipt buttons' work (product §4, invoice page), loaded on their first
 * click so it stays out of the page's initial JavaScript. It asks for the PDF at `href` (the
 * page's own resource route, `/invoice/{hash}/pdf` or `/ar/invoice/{hash}/pdf`) and reads
 * only the answer's head: an answer that is not a PDF gives its `{ message }` (the API's, in
 * the page's language) and opens nothing. A PDF opens `href` itself in a new tab, so the tab
 * holds a document of its own that reloads, restores and bookmarks, under the server's file
 * name; with the pop-up blocked, the same address is saved instead (the server's file name
 * wins over the `download` attribute). Its body is left unread: the tab asks for it again
 * (the route is `no-store`), which costs one more render of the PDF but not its bytes twice
 * on a phone's connection. Throws when the network fails.
 */
export async function openPdf(href: string): Promise<OpenPdfResult> {
  const response = await fetch(href, { headers: { accept: "application/pdf" }, credentials: "same-origin" });
  if (!response.ok || !response.headers.get("content-type")?.startsWith("application/pdf")) {
    const body = (await response.json().catch(() => null)) as { message?: string | null } | null;
    return { message: body?.message || null };
  }
  void response.body?.cancel();
  if (!window.open(href, "_blank")) {
    // A blocked pop-up: save the file instead of losing it.
    const a = document.createElement("a");
    a.href = href;
    a.download = "";
    a.click();
  }
  return { opened: true };
}
