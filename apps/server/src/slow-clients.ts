import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { languageOf, rawErrorAnswer, rememberLanguage } from "./plugins/errors.ts";

/** The deadlines a client must meet, in milliseconds (see `SERVER_TIMEOUTS`). */
export interface ClientDeadlines {
  /** From connecting, or from the end of the previous answer, until a request's headers are in. */
  headersMs: number;
  /** From a request's headers until its whole body is in. */
  requestMs: number;
  /** How long a keep-alive connection may wait for its next request before its headers are due. */
  keepAliveMs: number;
  /** How long an answer may wait on a client that takes none of it (a full send buffer) before the connection is cut. */
  sendMs: number;
}

const armed = Symbol("khayl.deadline");

interface GuardedSocket extends Socket {
  [armed]?: (ms: number, check?: () => boolean) => void;
}

/**
 * Where the sending of an answer stands: the bytes given to the socket, those still in its
 * buffer, and those libuv still holds (`writeQueueSize` of the handle: Node counts a chunk
 * handed to libuv as written at once, so a big body sent in one piece shows its progress
 * only there). Unchanged between two looks: the client took nothing.
 */
function sendProgress(socket: Socket): string {
  const handle = (socket as Socket & { _handle?: { writeQueueSize?: number } | null })._handle;
  return `${socket.bytesWritten}/${socket.writableLength}/${handle?.writeQueueSize ?? ""}`;
}

/**
 * Cuts off clients that keep a connection without completing their request: Node's own
 * `headersTimeout`/`requestTimeout` only look at connections while bytes keep arriving
 * (a client that stops sending, or never starts, was kept for good in our tests on Node
 * 20 and 24), so each connection also gets one timer of its own:
 * - connected, or done with an answer: the next request's headers are due within
 *   `headersMs` (plus `keepAliveMs` after an answer); otherwise the connection is closed;
 * - headers in: the body is due within `requestMs`; otherwise the client gets 408 (in the
 *   language its URL or `language` header asks for, with the security `headers`) and the
 *   connection is closed;
 * - request in, answer going out: a client that takes no byte of it for `sendMs` while
 *   some wait to be sent (it sent a request and never reads: the send buffer is full) is
 *   cut off; one that reads, however slowly, is not.
 * Time the server itself spends answering is never counted.
 */
export function guardSlowClients(
  server: Server,
  deadlines: ClientDeadlines,
  headers: Readonly<Record<string, string>>,
): void {
  server.on("connection", (socket: GuardedSocket) => {
    let timer: NodeJS.Timeout | undefined;
    socket[armed] = (ms, stillLate = () => true) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Destroyed on the next turn, so that a last answer written by `stillLate` is flushed.
        if (stillLate()) setImmediate(() => socket.destroy());
      }, ms);
      timer.unref();
    };
    socket.once("close", () => clearTimeout(timer));
    socket[armed](deadlines.headersMs);
  });
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    // Node's own request timeout may answer before the timer below: in this request's language.
    rememberLanguage(request);
    const socket = request.socket as GuardedSocket;
    const arm = socket[armed];
    if (!arm) return;
    let finished = false;
    // From the request's end until its answer is sent, every `sendMs`: cut the connection if
    // bytes wait to be sent and none were taken since the last look.
    const watchAnswer = () => {
      if (finished) return;
      const before = sendProgress(socket);
      arm(deadlines.sendMs, () => {
        if (socket.writableLength > 0 && sendProgress(socket) === before) return true;
        watchAnswer();
        return false;
      });
    };
    const watchOnceComplete = () => {
      if (request.complete) watchAnswer();
    };
    arm(deadlines.requestMs, () => {
      if (request.complete) {
        watchAnswer();
        return false;
      }
      // Answer as Node itself does on its request timeout, on the socket (the app is still
      // waiting for the body and has answered nothing), in the envelope with the security headers.
      if (!response.headersSent && socket.writable) {
        socket.end(rawErrorAnswer(408, languageOf(request.url ?? "", request.headers.language), headers));
      }
      return true;
    });
    // A request without a body is complete at once, one with a body once it is read.
    setImmediate(watchOnceComplete);
    request.once("end", watchOnceComplete);
    response.once("finish", () => {
      finished = true;
      arm(deadlines.keepAliveMs + deadlines.headersMs);
    });
  });
}
