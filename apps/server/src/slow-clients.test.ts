import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { guardSlowClients } from "./slow-clients.ts";

/**
 * A client that sends a request and never reads its answer, against a real HTTP server
 * and real sockets, with short deadlines (the server's own are in `SERVER_TIMEOUTS`). The
 * answer (32 MB) is far bigger than what the kernel's buffers hold, so it stays unsent.
 */
const DEADLINES = { headersMs: 1_000, requestMs: 1_000, keepAliveMs: 1_000, sendMs: 500 };
const BIG = Buffer.alloc(32 * 1024 * 1024, "a");

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A server that answers every request with `BIG`, and tells when each connection closes. */
async function bigAnswers() {
  const closed: number[] = [];
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": BIG.length });
    response.end(BIG);
  });
  server.on("connection", (socket) => socket.once("close", () => closed.push(Date.now())));
  guardSlowClients(server, DEADLINES, {}); // it never answers 408 here: no headers to give it
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, closed };
}

test("a client that never reads its answer is cut off once it has taken nothing for sendMs", async () => {
  const { port, closed } = await bigAnswers();
  const client = net.connect(port, "127.0.0.1");
  client.on("error", () => undefined);
  client.pause(); // never reads
  const sent = Date.now();
  client.write("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n");
  await expect.poll(() => closed.length, { timeout: 5_000, interval: 50 }).toBe(1);
  const keptMs = (closed[0] as number) - sent;
  expect(keptMs).toBeGreaterThanOrEqual(DEADLINES.sendMs);
  expect(keptMs).toBeLessThan(DEADLINES.sendMs * 2 + 1_000);
  client.destroy();
});

test("a client that reads slowly, pausing shorter than sendMs, gets its whole answer", async () => {
  const { port, closed } = await bigAnswers();
  const client = net.connect(port, "127.0.0.1");
  let received = 0;
  let nextPause = 0;
  client.on("data", (chunk: Buffer) => {
    received += chunk.length;
    // A pause of 300 ms after every 8 MB: the send buffer fills, but never for sendMs.
    if (received < nextPause) return;
    nextPause = received + 8 * 1024 * 1024;
    client.pause();
    setTimeout(() => client.resume(), 300);
  });
  client.write("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n");
  await expect.poll(() => received, { timeout: 15_000, interval: 100 }).toBeGreaterThan(BIG.length);
  expect(closed).toEqual([]);
  client.destroy();
  // Real sockets and real pauses (about 1.2 s of them): a loaded machine needs more than the default 5 s.
}, 20_000);
