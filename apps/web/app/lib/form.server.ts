import { data } from "react-router";

/**
 * Largest page form body accepted, in bytes. A form's longest field (the support
 * inquiry, 20 000 characters as a text field counts them: UTF-16 code units) URL-encodes
 * to at most 9 bytes per character (a character of three UTF-8 bytes: Devanagari,
 * Malayalam, Chinese; Arabic takes two), 180 000 bytes, with its other fields under 3 000
 * characters: 256 KiB leaves room. As JSON to the API the same form is at most about
 * 62 000 bytes, under the API's 64 KiB.
 */
const MAX_FORM_BYTES = 256 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A client error an action throws: React Router renders it with its status. */
function reject(status: 400 | 413 | 415, message: string): never {
  throw data(message, { status });
}

/**
 * Reads a page form (`<Form method="post">`, with or without JavaScript) safely:
 * only URL-encoded or multipart bodies (else 415), at most `maxBytes` bytes counted
 * while streaming, whatever `Content-Length` claims (else 413, and the rest is never
 * buffered), and a body that does not parse is a 400 — never a 500. Line breaks in text
 * values are read as LF.
 *
 * Throws a React Router `data` response with that status; answers the `FormData`.
 */
export async function readForm(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type))) {
    reject(415, "Unsupported content type");
  }
  const body = await readBodyBytes(request, maxBytes);
  if (body === "too-large") reject(413, "Request body is too large");
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return reject(400, "The form could not be read");
  }
  // A browser sends a text's line breaks as CRLF, though its field counts each as one
  // character (`maxlength`), and a script's form (and the API) send LF: read them as LF, so
  // the limits count the same with or without JavaScript (product §5).
  const read = new FormData();
  for (const [name, value] of form)
    read.append(name, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);
  return read;
}

/**
 * The request body as bytes, read while counting: `"too-large"` as soon as it passes
 * `maxBytes` (or when `Content-Length` says it will), and the rest is never buffered.
 * The host closes the connection after an answer that left a body unread.
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return "too-large";
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Stop reading; cancelling here would reset the socket before the answer is sent.
      if (size > maxBytes) return "too-large";
      chunks.push(value);
    }
  }
  return new Uint8Array(Buffer.concat(chunks));
}
