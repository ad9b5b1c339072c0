import ipaddr from "ipaddr.js";

/** The one client every value that is not an IP address counts as. */
export const NOT_AN_ADDRESS = "not-an-address";

/** `ip` without a port: `1.2.3.4:5` → `1.2.3.4`, `[::1]:5` → `::1`; anything else as it is. */
function withoutPort(ip: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) return bracketed[1] ?? ip;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(ip);
  return v4?.[1] ?? ip;
}

/**
 * The client a per-client budget counts (architecture §3.7), from the request's address
 * (`request.ip`, behind `TRUST_PROXY` the visitor's): an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4); an IPv6 address by its /64 prefix, the block a
 * single subscriber or host is given, so walking through one's own block does not make a
 * new client at every step. An address with a port (`203.0.113.7:51234`,
 * `[2001:db8::1]:443`, as some proxies write `X-Forwarded-For`) is its address: a port is
 * not a client, or each new connection would be one. Any other value that is not an
 * address is one shared client, `NOT_AN_ADDRESS`, for the same reason.
 */
export function clientOf(ip: string): string {
  const bare = withoutPort(ip);
  if (!ipaddr.isValid(bare)) return NOT_AN_ADDRESS;
  const address = ipaddr.process(bare);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * The wider blocks a per-client budget also counts an IPv6 client on (architecture §3.7,
 * decision 021), with the share of the budget each may spend: its /64 (`clientOf`) once the
 * budget, its /56 four times it, its /48 sixteen times it, whichever /64s inside spend it. An
 * IPv4 client (or a value that is not an address) is one block with the budget once.
 */
export function clientBlocksOf(ip: string): { block: string; share: number }[] {
  const client = clientOf(ip);
  if (!client.endsWith("::/64")) return [{ block: client, share: 1 }];
  const [a = 0, b = 0, c = 0, d = 0] = (ipaddr.process(withoutPort(ip)) as ipaddr.IPv6).parts;
  const hex = (part: number) => part.toString(16);
  return [
    { block: client, share: 1 },
    { block: `${hex(a)}:${hex(b)}:${hex(c)}:${hex(d & 0xff00)}::/56`, share: 4 },
    { block: `${hex(a)}:${hex(b)}:${hex(c)}::/48`, share: 16 },
  ];
}
