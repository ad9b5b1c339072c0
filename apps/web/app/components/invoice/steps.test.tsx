// @vitest-environment happy-dom

import type { InvoiceData } from "@khayl/contract/invoices";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, expect, test } from "vitest";
import { TestI18n } from "../../lib/i18n/testing.tsx";
import { SuccessStep } from "./steps.tsx";
import { testInvoice } from "./testing.ts";

afterEach(cleanup);

function NoFallback() {
  return null;
}

function Page() {
  return (
    <TestI18n>
      <SuccessStep invoice={useLoaderData<InvoiceData>()} paidAtText="02 Dec 2026" hash="h" headingRef={null} />
    </TestI18n>
  );
}

/** Step 4 of `invoice` as the page renders it, with the paid date the loader wrote. */
function renderSuccess(invoice: InvoiceData) {
  const Stub = createRoutesStub([{ path: "/", loader: () => invoice, HydrateFallback: NoFallback, Component: Page }]);
  render(<Stub initialEntries={["/"]} />);
}

/** Step 4's rows as label → value text. */
async function rows(): Promise<Record<string, string>> {
  await screen.findByRole("heading", { name: "Payment Success" });
  return Object.fromEntries(
    [...document.querySelectorAll("dl > div")].map((row) => [
      row.querySelector("dt")?.textContent,
      row.querySelector("dd")?.textContent,
    ]),
  );
}

const paidAt = "2026-12-02T06:00:00.000Z";

test("a card payment of ours: amount, the fee and total it paid, the card and the date", async () => {
  renderSuccess(
    testInvoice({
      status: "paid",
      paidAt,
      paymentType: "card",
      cardBrand: "visa",
      cardLast4: "4242",
      paidFeeFils: 694,
      paidAmountFils: 40_294,
    }),
  );
  expect(await rows()).toEqual({
    Amount: "AED 396.00",
    Fees: "AED 6.94",
    "Total paid": "AED 402.94",
    "Payment type": "Credit or Debit CardVisa ending 4242",
    Date: "02 Dec 2026",
  });
});

test("paid without a payment of ours (a bank transfer the issuing system recorded): only the amount and the date", async () => {
  renderSuccess(testInvoice({ status: "paid", paidAt }));
  // No card type, fee or total paid: the customer paid no card fee.
  expect(await rows()).toEqual({ Amount: "AED 396.00", Date: "02 Dec 2026" });
});
