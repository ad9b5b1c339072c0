import { expect, test, vi } from "vitest";
import { createReadBudget } from "./read-budgets.ts";

test("a client gets `max` reads a window, then the milliseconds until the window ends", () => {
  let now = 0;
  const budget = createReadBudget({ max: 2, windowMs: 1_000 }, () => now);
  expect([budget.take("192.0.2.1"), budget.take("192.0.2.1")]).toEqual([0, 0]);
  now = 400;
  expect(budget.take("192.0.2.1")).toBe(600);
  expect(budget.take("::ffff:192.0.2.1")).toBe(600); // the same client, mapped to IPv6
  expect(budget.take("192.0.2.2")).toBe(0);
  now = 1_000;
  expect(budget.take("192.0.2.1")).toBe(0);
});

test("a budget of 0 (RENDER_BUDGET_PER_MINUTE=0) refuses nothing", () => {
  const budget = createReadBudget({ max: 0, windowMs: 1_000 });
  for (let i = 0; i < 1_000; i++) expect(budget.take("192.0.2.1")).toBe(0);
});

test("an IPv6 client walking through the /64s of its /48 shares 4 times the budget per /56 and 16 per /48", () => {
  const budget = createReadBudget({ max: 2, windowMs: 1_000 }, () => 0);
  // Two reads from each of 4 /64s of one /56 use up the /56's 8; the next /64 there is refused.
  for (let net = 0; net < 4; net++)
    for (let i = 0; i < 2; i++) expect(budget.take(`2001:db8:0:${net}::1`), `/64 ${net}`).toBe(0);
  expect(budget.take("2001:db8:0:4::1")).toBe(1_000);
  // Another /56 of the same /48 still has its own, up to the /48's 32 reads in all (the refused
  // read above counted too).
  let allowed = 0;
  for (let net = 0x100; net < 0x1000; net += 0x100)
    for (let i = 0; i < 2; i++) if (budget.take(`2001:db8:0:${net.toString(16)}::1`) === 0) allowed++;
  expect(allowed).toBe(32 - 9);
  // A client of another /48 is not refused.
  expect(budget.take("2001:db8:1::1")).toBe(0);
});

test("a wall clock stepped back an hour does not keep a client refused for that hour", () => {
  // Found by an outside review (round nineteen): windows ended at wall-clock times, so after
  // an NTP step back every active client was refused with retry-after: 3646.
  const wall = vi.spyOn(Date, "now");
  try {
    const budget = createReadBudget({ max: 1, windowMs: 60_000 });
    wall.mockReturnValue(Date.UTC(2030, 0, 1, 12));
    expect(budget.take("10.1.1.1")).toBe(0);
    wall.mockReturnValue(Date.UTC(2030, 0, 1, 11));
    expect(budget.take("10.1.1.1")).toBeLessThanOrEqual(60_000);
  } finally {
    wall.mockRestore();
  }
});
