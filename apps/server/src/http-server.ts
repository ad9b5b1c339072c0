import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { guardSlowClients } from "./slow-clients.ts";

/**
 * How long the server waits for a client (README "Production notes"): a request's
 * headers are due within `headersMs` of connecting (or of the previous answer plus
 * `keepAliveMs` on a keep-alive connection), its body within `requestMs` of its headers;
 * so a client that sends slowly, stalls or never sends is cut off within 30 s
 * (`guardSlowClients`, with Node's own timeouts, checked every `checkIntervalMs`, as a
 * second line); a client that takes no byte of its answer for `sendMs` is cut off too.
 * Keep a proxy's upstream keep-alive shorter than `keepAliveMs`, e.g. nginx
 * `keepalive_timeout 4s` (docs/deploy.md).
 */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 20_000,
  checkIntervalMs: 1_000,
  keepAliveMs: 5_000,
  sendMs: 20_000,
};
export type ServerTimeouts = typeof SERVER_TIMEOUTS;

/** Development only (`npm run dev`): Vite's middlewares, which answer before Fastify (assets, HMR). */
export type DevMiddlewares = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The HTTP server with the client timeouts of `SERVER_TIMEOUTS` (Fastify's own default
 * is no request timeout at all): Fastify's `serverFactory`; `headers` are the security
 * headers of the 408 it writes itself (`guardSlowClients`). In development Vite's
 * middlewares answer first.
 */
export function createHttpServer(
  handler: RequestListener,
  timeouts: ServerTimeouts,
  middlewares: DevMiddlewares | undefined,
  headers: Readonly<Record<string, string>>,
): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    middlewares ? (req, res) => middlewares(req, res, () => handler(req, res)) : handler,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  guardSlowClients(server, timeouts, headers);
  return server;
}
