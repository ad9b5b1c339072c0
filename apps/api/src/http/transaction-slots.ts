import { retryAfterSeconds, tooManyRequests } from "@khayl/contract/envelope";
import pLimit from "p-limit";
import { HttpError } from "./errors.ts";

/**
 * A bound on how many of this process's requests of one kind hold a database connection at
 * once (architecture §3.7 "Connections"), for work that waits inside its transaction on an
 * advisory lock other requests hold. The function it answers starts `work` when fewer than
 * `concurrency` of them are running, else queues it in memory, holding no connection; past
 * `maxWaiting` queued it throws at once a 429 `HttpError` asking to retry in `retryAfterMs`
 * (ms). Without
 * it a burst of such requests took every pooled connection while waiting on the lock, and
 * every other request of the process (pages, `/readyz`) answered 503.
 */
export function transactionSlots(options: {
  concurrency: number;
  maxWaiting: number;
  retryAfterMs: number;
}): <T>(work: () => Promise<T>) => Promise<T> {
  const limit = pLimit(options.concurrency);
  return (work) => {
    if (limit.pendingCount >= options.maxWaiting)
      throw new HttpError(429, tooManyRequests(options.retryAfterMs), {
        "retry-after": String(retryAfterSeconds(options.retryAfterMs)),
      });
    return limit(work);
  };
}
