import { expect, test } from "vitest";
import { clientBlocksOf, clientOf } from "./client-address.ts";

test("an IPv4 address is its own client, also when written as IPv4-mapped IPv6", () => {
  expect(clientOf("203.0.113.7")).toBe("203.0.113.7");
  expect(clientOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
});

test("IPv6 addresses of one /64 are one client; another /64 is another", () => {
  const a = clientOf("2001:db8:12:34::1");
  expect(a).toBe("2001:db8:12:34::/64");
  expect(clientOf("2001:0db8:0012:0034:ffff:eeee:dddd:cccc")).toBe(a);
  expect(clientOf("2001:db8:12:35::1")).not.toBe(a);
  expect(clientOf("::1")).toBe("0:0:0:0::/64");
});

test("something that is not an address is kept as it is", () => {
  expect(clientOf("unknown")).toBe("unknown");
});

test("an IPv6 client also counts on its /56 and /48, with 4 and 16 times the budget; IPv4 alone", () => {
  expect(clientBlocksOf("2001:db8:12:34ab::1")).toEqual([
    { block: "2001:db8:12:34ab::/64", share: 1 },
    { block: "2001:db8:12:3400::/56", share: 4 },
    { block: "2001:db8:12::/48", share: 16 },
  ]);
  expect(clientBlocksOf("2001:db8:12:34ff::9")[1]).toEqual(clientBlocksOf("2001:db8:12:3400::1")[1]);
  expect(clientBlocksOf("::ffff:203.0.113.7")).toEqual([{ block: "203.0.113.7", share: 1 }]);
  expect(clientBlocksOf("unknown")).toEqual([{ block: "unknown", share: 1 }]);
});
