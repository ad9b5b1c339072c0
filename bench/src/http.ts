import http from "node:http";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from sending the request to the last byte. */
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A plain GET (no redirects followed, no `accept-encoding` unless given, so the body is
 * the identity bytes) over one kept-alive socket. Rejects on network errors or after
 * `timeoutMs`. A GET that finds its kept-alive socket just closed by the server (the
 * host closes idle connections after 5 s) is sent once more on a new one.
 */
export async function httpGet(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<HttpAnswer> {
  try {
    return await getOnce(url, headers, timeoutMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ECONNRESET" && !/socket hang up/.test((error as Error).message)) throw error;
    return getOnce(url, headers, timeoutMs);
  }
}

function getOnce(url: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** GET answering parsed JSON, or `null` when the status is not 2xx or the body is not JSON. */
export async function getJson<T>(url: string): Promise<T | null> {
  try {
    const answer = await httpGet(url, { accept: "application/json", language: "en" });
    if (answer.status < 200 || answer.status >= 300) return null;
    return JSON.parse(answer.body.toString("utf8")) as T;
  } catch {
    return null;
  }
}
