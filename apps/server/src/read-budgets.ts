import { clientOf } from "@khayl/api/http/client-address";
import { LRUCache } from "lru-cache";

/** A budget of reads per client: at most `max` in each fixed window of `windowMs`. */
export interface ReadBudget {
  max: number;
  windowMs: number;
}

/**
 * The read budgets of each process (decision 022, product §9): per client (`clientOf`: an
 * IPv6 /64 is one client), page renders that no copy answered (cache misses, private pages,
 * non-canonical URLs, form posts, route data) and GETs of the API from outside the process.
 * Past either, 429 with `retry-after`.
 */
export const READ_BUDGETS: { renders: ReadBudget; apiReads: ReadBudget } = {
  renders: { max: 120, windowMs: 60_000 },
  apiReads: { max: 600, windowMs: 60_000 },
};

/** Clients remembered per budget; the least recently seen is forgotten first (bounded memory). */
const MAX_CLIENTS = 50_000;

/**
 * A per-process counter of one `ReadBudget` per client, in fixed windows (decision 022: in
 * memory, unlike the write budgets of decision 004, since a database write per read would
 * cost more than the read it guards). `take(ip)` counts one read of the client of `ip`
 * (`request.ip`) and answers 0 when it is within the budget, else the milliseconds until its
 * window ends (the `retry-after`). `now` is the clock (ms since the epoch; tests inject one).
 */
export function createReadBudget(budget: ReadBudget, now: () => number = Date.now) {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: MAX_CLIENTS });
  return {
    take(ip: string): number {
      const client = clientOf(ip);
      const at = now();
      const window = windows.get(client);
      if (!window || window.endsAt <= at) {
        windows.set(client, { count: 1, endsAt: at + budget.windowMs });
        return budget.max >= 1 ? 0 : budget.windowMs;
      }
      window.count++;
      return window.count <= budget.max ? 0 : window.endsAt - at;
    },
  };
}
