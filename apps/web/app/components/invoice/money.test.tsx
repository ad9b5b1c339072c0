// @vitest-environment happy-dom

import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { Money } from "./money.tsx";

afterEach(cleanup);

test("an amount is the dirham sign (decorative) and 2 decimals; its text says AED", () => {
  const { container } = render(<Money fils={40_294} />);
  const svg = container.querySelector("svg");
  expect(svg?.getAttribute("aria-hidden")).toBe("true");
  expect(svg?.querySelectorAll("path")).toHaveLength(2);
  // What a screen reader reads and what copy-paste gives.
  expect(container.textContent).toBe("AED 402.94");
});

test("thousands separators", () => {
  const { container } = render(<Money fils={123_456_789} />);
  expect(container.textContent).toBe("AED 1,234,567.89");
});
