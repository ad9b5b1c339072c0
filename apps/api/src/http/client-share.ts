import type { Hasher } from "../secret-key.ts";
import { clientBlocksOf, clientOf } from "./client-address.ts";

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
