import { expect, test } from "vitest";
import { clientBlocksOf, clientOf, NOT_AN_ADDRESS } from "./client-address.ts";

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

test("a port is not a client: an address with one is that address", () => {
  expect(clientOf("203.0.113.7:51234")).toBe("203.0.113.7");
  expect(clientOf("203.0.113.7:443")).toBe(clientOf("203.0.113.7:51235"));
  expect(clientOf("[2001:db8:12:34::1]:443")).toBe("2001:db8:12:34::/64");
  expect(clientBlocksOf("[2001:db8:12:34ab::1]:8080")[2]).toEqual({ block: "2001:db8:12::/48", share: 16 });
});

test("every value that is not an address is one client, not one each", () => {
  for (const value of ["unknown", "", "203.0.113.7:x", "not an ip", "2001:db8::1::2"])
    expect(clientOf(value)).toBe(NOT_AN_ADDRESS);
});

test("an IPv6 client also counts on its /56 and /48, with 4 and 16 times the budget; IPv4 alone", () => {
  expect(clientBlocksOf("2001:db8:12:34ab::1")).toEqual([
    { block: "2001:db8:12:34ab::/64", share: 1 },
    { block: "2001:db8:12:3400::/56", share: 4 },
    { block: "2001:db8:12::/48", share: 16 },
  ]);
  expect(clientBlocksOf("2001:db8:12:34ff::9")[1]).toEqual(clientBlocksOf("2001:db8:12:3400::1")[1]);
  expect(clientBlocksOf("::ffff:203.0.113.7")).toEqual([{ block: "203.0.113.7", share: 1 }]);
  expect(clientBlocksOf("unknown")).toEqual([{ block: NOT_AN_ADDRESS, share: 1 }]);
});
