import type { Db, Tx } from "@khayl/db/client";
import type { Hasher } from "../secret-key.ts";
import { clientBlocksOf, clientOf } from "./client-address.ts";
import { consumeRateLimit, peekRateLimit } from "./rate-limit.ts";

/**
 * One client's share of a site-wide budget (decision 021): a fifth of it (at least 1),
 * counted on the client's widest block (an IPv4 address, an IPv6 /48), so that spending the
 * whole site's budget, and with it everyone's access, takes at least five clients, not one
 * address and a few made-up mailboxes. Answers the rate-limit key (`site-share:<budget>:`
 * and the block's keyed hash: no address in clear) and its limit, in the site budget's
 * window (ms). Past its share a client alone is refused, and counts nowhere site-wide.
 */
export function clientShareOf(
  hasher: Hasher,
  budget: string,
  clientAddress: string,
  site: { max: number; windowMs: number },
): { key: string; max: number; windowMs: number } {
  const widestBlock = clientBlocksOf(clientAddress).at(-1)?.block ?? clientOf(clientAddress);
  return {
    key: `site-share:${budget}:${hasher.hash("client", widestBlock)}`,
    max: Math.max(1, Math.floor(site.max / 5)),
    windowMs: site.windowMs,
  };
}

/** A site-wide budget: its rate-limit key (`site:` and its name), its limit and window (ms), and what one hit costs (default 1). */
export interface SiteBudget {
  key: `site:${string}`;
  max: number;
  windowMs: number;
  cost?: number;
}

/**
 * The limits a hit on `budgets` from the client at `clientAddress` is counted on, in order:
 * the client's share of each (`clientShareOf`, named by the budget's key without `site:`),
 * then each budget, so a client past its own share spends nothing of the site's.
 */
function limitsOf(
  hasher: Hasher,
  clientAddress: string,
  budgets: readonly SiteBudget[],
): { key: string; max: number; windowMs: number; cost?: number | undefined }[] {
  const shares = budgets.map(({ key, cost, ...site }) => ({
    ...clientShareOf(hasher, key.slice("site:".length), clientAddress, site),
    cost,
  }));
  return [...shares, ...budgets];
}

/**
 * Counts one hit (its `cost`) on this client's share of each of `budgets`, then on each
 * budget (`limitsOf`). Stops at the first refusal and answers how long it lasts (ms);
 * `allowed: true` when every count was within its limit.
 */
export async function consumeSiteBudgets(
  db: Db | Tx,
  hasher: Hasher,
  clientAddress: string,
  budgets: readonly SiteBudget[],
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  for (const { key, ...limit } of limitsOf(hasher, clientAddress, budgets)) {
    const counted = await consumeRateLimit(db, key, limit);
    if (!counted.allowed) return { allowed: false, retryAfterMs: counted.retryAfterMs };
  }
  return { allowed: true };
}

/**
 * Whether one hit (its `cost`) on `budgets` would be refused, as `consumeSiteBudgets` decides
 * it, without counting it: for an answer that must look like a counted one (a filled
 * honeypot) and counts nothing.
 */
export async function peekSiteBudgets(
  db: Db | Tx,
  hasher: Hasher,
  clientAddress: string,
  budgets: readonly SiteBudget[],
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  for (const { key, max, cost } of limitsOf(hasher, clientAddress, budgets)) {
    const counted = await peekRateLimit(db, key);
    if (counted.current + Math.max(1, Math.round(cost ?? 1)) > max)
      return { allowed: false, retryAfterMs: counted.retryAfterMs };
  }
  return { allowed: true };
}
