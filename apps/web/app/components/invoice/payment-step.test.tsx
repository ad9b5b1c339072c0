// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":false}}

import type { InvoiceData } from "@khayl/contract/invoices";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import { TestI18n } from "../../lib/i18n/testing.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { testInvoice } from "./testing.ts";

afterEach(() => {
  // A load failure still pending when a test ends must not fire into the next one (or after teardown).
  for (const timer of timers) clearTimeout(timer);
  timers = [];
  document.head.appendChild = originalAppend;
  cleanup();
});

/** Scripts the page tried to load from js.stripe.com (the network is the edge we fake: it fails). */
let stripeScripts: string[] = [];
let timers: ReturnType<typeof setTimeout>[] = [];
const originalAppend = document.head.appendChild;
beforeEach(() => {
  stripeScripts = [];
  const append = originalAppend.bind(document.head);
  document.head.appendChild = (<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement && node.src.startsWith("https://js.stripe.com/")) {
      stripeScripts.push(node.src);
      const view = node.ownerDocument.defaultView;
      if (view) timers.push(setTimeout(() => node.dispatchEvent(new view.Event("error")), 10));
      return node;
    }
    return append(node);
  }) as typeof document.head.appendChild;
});

const invoice: InvoiceData = testInvoice({ paymentProvider: "stripe" });

function NoFallback() {
  return null;
}

/** Step 3 with Stripe configured, paying by the loader's `method`. */
function StepPage() {
  const { method } = useLoaderData<{ method: "card" | "apple-pay" }>();
  return (
    <TestI18n>
      <PaymentStep
        invoice={invoice}
        hash="h"
        method={method}
        backTo="?step=2"
        publishableKey="pk_test_x"
        onPaid={() => {}}
        onStale={() => {}}
      />
    </TestI18n>
  );
}

function renderStep(method: "card" | "apple-pay") {
  const Stub = createRoutesStub([
    { path: "/", loader: () => ({ method }), HydrateFallback: NoFallback, Component: StepPage },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

test("Stripe.js that cannot load: the card step says so, and no card data is asked for in our own fields", async () => {
  renderStep("card");
  expect(await screen.findByRole("alert", {}, { timeout: 5_000 })).toHaveProperty(
    "textContent",
    "The card payment provider has not loaded yet. Please try again.",
  );
  expect(screen.queryByRole("textbox", { name: "Card number" })).toBeNull();
  expect(stripeScripts.length).toBeGreaterThan(0);
  expect(screen.getByRole("button", { name: "Pay" })).toHaveProperty("disabled", true);
  expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
});

test("Apple Pay with Stripe.js unavailable says the provider has not loaded", async () => {
  renderStep("apple-pay");
  await userEvent.setup().click(await screen.findByRole("button", { name: "Pay with Apple Pay" }));
  expect((await screen.findByRole("alert", {}, { timeout: 5_000 })).textContent).toBe(
    "The card payment provider has not loaded yet. Please try again.",
  );
});
