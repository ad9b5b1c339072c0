// @vitest-environment happy-dom

import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { TestI18n } from "../../lib/i18n/testing.tsx";
import { messages as arabic } from "../../locales/ar/invoice.po";
import { Money } from "./money.tsx";

afterEach(cleanup);

test("an amount is the dirham sign (decorative) and 2 decimals; its text says AED", () => {
  const { container } = render(
    <TestI18n>
      <Money fils={40_294} />
    </TestI18n>,
  );
  const svg = container.querySelector("svg");
  expect(svg?.getAttribute("aria-hidden")).toBe("true");
  expect(svg?.querySelectorAll("path")).toHaveLength(2);
  // What a screen reader reads and what copy-paste gives.
  expect(container.textContent).toBe("AED 402.94");
});

test("thousands separators", () => {
  const { container } = render(
    <TestI18n>
      <Money fils={123_456_789} />
    </TestI18n>,
  );
  expect(container.textContent).toBe("AED 1,234,567.89");
});

test("in Arabic the amount stays left to right with Latin digits, the sign at its left, and reads '… درهم'", () => {
  const { container } = render(
    <TestI18n language="ar" messages={arabic}>
      <Money fils={40_294} />
    </TestI18n>,
  );
  const amount = container.firstElementChild;
  expect(amount?.getAttribute("dir")).toBe("ltr");
  // The sign comes first in a left-to-right run: at the left of the digits.
  expect(amount?.firstElementChild?.tagName.toLowerCase()).toBe("svg");
  expect(container.textContent).toBe("402.94 درهم");
});
