import ipaddr from "ipaddr.js";

/**
 * The client a per-client budget counts (architecture §3.7), from the request's address
 * (`request.ip`, behind `TRUST_PROXY` the visitor's): an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4); an IPv6 address by its /64 prefix, the block a
 * single subscriber or host is given, so walking through one's own block does not make a
 * new client at every step. A value that is not an address is answered as it is.
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}
