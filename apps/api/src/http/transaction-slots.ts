import { retryAfterSeconds, tooManyRequests } from "@khayl/contract/envelope";
import pLimit from "p-limit";
import { clientBlocksOf } from "./client-address.ts";
import { HttpError } from "./errors.ts";

/**
 * A bound on how many of this process's requests of one kind hold a database connection at
 * once (architecture §3.7 "Connections"), for work that waits inside its transaction on an
 * advisory lock other requests hold. The function it answers starts `work` when fewer than
 * `concurrency` of them are running, else queues it in memory, holding no connection. It
 * throws at once a 429 `HttpError` asking to retry in `retryAfterMs` (ms) past `maxWaiting`
 * queued, or when the client at `clientAddress` (counted on its widest block, an IPv4
 * address or an IPv6 /48: `clientBlocksOf`) already has `perClient` running or queued, so
 * one network cannot take the whole queue. Without it a burst of such requests took every
 * pooled connection while waiting on the lock, and every other request of the process
 * (pages, `/readyz`) answered 503.
 */
export function transactionSlots(options: {
  concurrency: number;
  maxWaiting: number;
  perClient: number;
  retryAfterMs: number;
}): <T>(clientAddress: string, work: () => Promise<T>) => Promise<T> {
  const limit = pLimit(options.concurrency);
  const taken = new Map<string, number>();
  return (clientAddress, work) => {
    const client = clientBlocksOf(clientAddress).at(-1)?.block ?? clientAddress;
    const mine = taken.get(client) ?? 0;
    if (limit.pendingCount >= options.maxWaiting || mine >= options.perClient)
      throw new HttpError(429, tooManyRequests(options.retryAfterMs), {
        "retry-after": String(retryAfterSeconds(options.retryAfterMs)),
      });
    taken.set(client, mine + 1);
    return limit(work).finally(() => {
      const left = (taken.get(client) ?? 1) - 1;
      if (left > 0) taken.set(client, left);
      else taken.delete(client);
    });
  };
}
