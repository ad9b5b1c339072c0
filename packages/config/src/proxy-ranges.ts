import ipaddr from "ipaddr.js";

/**
 * Reading `TRUST_PROXY` entries (architecture §3.11): addresses, CIDR ranges and the
 * proxy-addr names, and which ranges are too wide for a public deployment (decision 020).
 */

/** The proxy-addr names `TRUST_PROXY` takes besides addresses and ranges (each a set of non-routable ranges). */
export const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * A `TRUST_PROXY` address or CIDR range as [address, prefix length] (an address alone is
 * its own /32 or /128). An IPv4-mapped IPv6 range (`::ffff:a.b.c.d/n`, n ≥ 96) is answered
 * as the IPv4 range it matches (`a.b.c.d/(n − 96)`): Fastify's proxy-addr compares IPv4
 * clients with it so. Undefined when it is neither (IPv4 only in four-part decimal).
 */
export function proxyRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return undefined;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) ip = ipaddr.IPv4.parse(address);
  else if (ipaddr.IPv6.isValid(address)) ip = ipaddr.IPv6.parse(address);
  else return undefined;
  const max = ip.kind() === "ipv4" ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return undefined;
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() && prefix >= 96) return [ip.toIPv4Address(), prefix - 96];
  return [ip, prefix];
}

/** True for a `TRUST_PROXY` range wider than /8 (IPv4) or /32 (IPv6); never for the names. */
export function isWideProxyRange(entry: string): boolean {
  const range = proxyRange(entry);
  if (!range) return false;
  return range[1] < (range[0].kind() === "ipv4" ? 8 : 32);
}
