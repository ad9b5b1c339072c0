import { expect, test } from "vitest";
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
