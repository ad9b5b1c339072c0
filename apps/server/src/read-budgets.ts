import { clientBlocksOf } from "@khayl/api/http/client-address";
import { LRUCache } from "lru-cache";

/** A budget of reads per client: at most `max` in each fixed window of `windowMs`. */
export interface ReadBudget {
  max: number;
  windowMs: number;
}

/** A budget's window: a minute (`RENDER_BUDGET_PER_MINUTE`, `API_READ_BUDGET_PER_MINUTE`). */
export const READ_BUDGET_WINDOW_MS = 60_000;

/** Clients remembered per budget; the least recently seen is forgotten first (bounded memory). */
const MAX_CLIENTS = 50_000;

/**
 * A per-process counter of one `ReadBudget` per client, in fixed windows (decision 022: in
 * memory, unlike the write budgets of decision 004, since a database write per read would
 * cost more than the read it guards). `take(ip)` counts one read of the client of `ip`
 * (`request.ip`) and answers 0 when it is within the budget, else the milliseconds until its
 * window ends (the `retry-after`); a `max` of 0 is no budget (always 0). `now` is the clock
 * in ms (tests inject one).
 *
 * The budgets (decision 022, product §9) are per client (`clientBlocksOf`: an IPv6 /64 is one
 * client, and its /56 and /48 are counted too, at 4 and 16 times `max`, as the write budgets
 * are (decision 021), so that walking through one's own /48 does not multiply them): page
 * renders that no kept copy answered (cache misses, private pages, other spellings, form
 * posts, route data), and GETs of the API from outside the process. A read past any of the
 * three is refused, and still counted, so a client that keeps asking keeps its block refused.
 * The default clock is monotonic (`performance.now`): a wall clock stepped back an hour (NTP,
 * a restored VM) would otherwise keep every active client's window open, and refused, for an
 * hour.
 */
export function createReadBudget(budget: ReadBudget, now: () => number = () => performance.now()) {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: MAX_CLIENTS });
  return {
    /** Whether it refuses anything: false for a `max` of 0 (the budget is off). */
    limited: budget.max > 0,
    take(ip: string): number {
      if (budget.max === 0) return 0;
      const at = now();
      let waitMs = 0;
      for (const { block, share } of clientBlocksOf(ip)) {
        let window = windows.get(block);
        if (!window || window.endsAt <= at) {
          window = { count: 0, endsAt: at + budget.windowMs };
          windows.set(block, window);
        }
        window.count++;
        if (window.count > budget.max * share) waitMs = Math.max(waitMs, window.endsAt - at);
      }
      return waitMs;
    },
  };
}
