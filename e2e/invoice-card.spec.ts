import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  claimUnpaidInvoice,
  demoInvoice,
  expectNoCspViolations,
  fillCard,
  link,
  toPaymentStep,
  typeCardByKeyboard,
} from "./demo-invoices.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

/**
 * Paying an invoice in English (product §3) with a card that fails, with Apple Pay, and by
 * keyboard only; the page's CSP refuses nothing on the way (decision 019).
 */
expectNoCspViolations(test);

test("a declined card shows 'Payment failed. Please try again.', resets after 3 s, then pays with 4242", async ({
  page,
}) => {
  // The page's clock, moved past the reset instead of waited for (it runs on meanwhile).
  await page.clock.install();
  const invoice = await claimUnpaidInvoice();
  await toPaymentStep(page, invoice);
  const pay = page.getByRole("button", { name: "Pay" });
  await fillCard(page, "4000 0000 0000 0002");
  await pay.click();
  await expect(page.getByRole("alert")).toContainText("Payment failed. Please try again.");
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  // Pay had focus and is now disabled: focus is on the message (below the card fields),
  // and Shift+Tab leads back into the form.
  await expect(page.getByRole("alert")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByLabel("Billing country")).toBeFocused();
  await expect(pay).toBeDisabled();
  await expectNoAxeViolations(page);
  // product §9: the payment state resets after 3000 ms.
  await page.clock.fastForward(3_000);
  await expect(pay).toBeEnabled();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await pay.click();
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  await expect(page).toHaveTitle(/^Done – Invoice INV-/); // the title names the step shown
  // Back walks to the earlier steps' entries, where the paid page still shows its paid view:
  // so does the title (a screen reader announces it, the history list shows it).
  for (const step of [/step=2/, /\/invoice\/[^?]+$/]) {
    await page.goBack();
    await expect(page).toHaveURL(step);
    await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
    await expect(page).toHaveTitle(/^Done – Invoice INV-/);
  }
});

/** An unpaid invoice's payment step open in `page` and in a second tab of `context`; answers that tab. */
async function twoTabsOnOneInvoice(page: Page, context: BrowserContext): Promise<Page> {
  const invoice = await claimUnpaidInvoice();
  await toPaymentStep(page, invoice);
  const other = await context.newPage();
  await toPaymentStep(other, invoice);
  return other;
}

test("an invoice paid meanwhile in another tab: Pay there shows it paid, not a form emptied in silence", async ({
  page,
  context,
}) => {
  const other = await twoTabsOnOneInvoice(page, context);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  // The second tab's payment is refused as already paid: the page reads the invoice again.
  await fillCard(other, "4242 4242 4242 4242");
  await other.getByRole("button", { name: "Pay" }).click();
  await expect(other.getByRole("heading", { name: "Payment Success" })).toBeVisible();
});

test("an intent another tab paid while this one was confirming it: the page shows the invoice paid", async ({
  page,
  context,
}) => {
  const other = await twoTabsOnOneInvoice(page, context);
  // This tab's confirmation reaches the server only once the other tab has paid: both were
  // given the invoice's one open intent, which is charged by then.
  let otherPaid: () => void = () => {};
  const paidThere = new Promise<void>((resolve) => (otherPaid = resolve));
  await page.route("**/payment", async (route) => {
    if (route.request().postDataJSON()?.intent === "sandbox-confirm") await paidThere;
    await route.continue();
  });
  const confirming = page.waitForRequest((request) => request.postDataJSON()?.intent === "sandbox-confirm");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay" }).click();
  await confirming;
  await fillCard(other, "4242 4242 4242 4242");
  await other.getByRole("button", { name: "Pay" }).click();
  await expect(other.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  otherPaid();
  // The provider refuses the charged intent: the page reads the invoice again, and it is paid.
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
});

test("insufficient funds is a card failure too", async ({ page }) => {
  const invoice = await claimUnpaidInvoice();
  await toPaymentStep(page, invoice);
  await fillCard(page, "4000 0000 0000 9995");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("alert")).toContainText("Payment failed. Please try again.");
  await expect(page.getByRole("alert")).toContainText("Your card has insufficient funds.");
});

test("Pay is enabled only when the card is complete and a country is chosen; 'Please select a country'", async ({
  page,
}) => {
  await toPaymentStep(page, await demoInvoice("INV-2026-000101"));
  const pay = page.getByRole("button", { name: "Pay" });
  await expect(pay).toBeDisabled();
  await fillCard(page, "4242 4242 4242 4242", null);
  await expect(pay).toBeDisabled();
  await expect(page.getByText("Please select a country")).toBeVisible();
  await page.getByLabel("Billing country").selectOption("GB");
  await expect(pay).toBeEnabled();
  await expect(page.getByText("Please select a country")).toHaveCount(0);
  // An invalid number (Luhn) or a past expiry disables it again, with the reason.
  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await expect(page.getByText("Your card number is invalid.")).toBeVisible();
  // The message is read out as it appears (a polite live region) and describes the field.
  await expect(page.getByText("Your card number is invalid.")).toHaveAttribute("aria-live", "polite");
  await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Your card number is invalid.");
  await expect(pay).toBeDisabled();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("01 / 20");
  await expect(page.getByText("Your card's expiration date is in the past.")).toBeVisible();
  await expect(pay).toBeDisabled();
});

test("Apple Pay where the browser has none: the unavailable message, and nothing is charged", async ({ page }) => {
  const invoice = await demoInvoice("INV-2026-000101");
  let created = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/payment")) created = true;
  });
  await toPaymentStep(page, invoice, "Apple Pay");
  await expect(page.getByText("Paying with")).toBeVisible();
  await expect(page.getByText("Apple Pay is simulated in test mode: no card is charged.")).toBeVisible();
  await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Apple Pay is not available on this device. Please use a different payment method.",
  );
  expect(created).toBe(false);
  await expectNoAxeViolations(page);
});

test("Apple Pay where the browser offers it pays through the sandbox", async ({ page }) => {
  // Stand in for Safari's ApplePaySession (the edge of the browser we cannot reach here).
  await page.addInitScript(() => {
    (window as unknown as { ApplePaySession: unknown }).ApplePaySession = { canMakePayments: () => true };
  });
  const invoice = await claimUnpaidInvoice();
  await toPaymentStep(page, invoice, "Apple Pay");
  await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Apple Pay" })).toBeVisible();
});

test("keyboard only: choose, review, pay and reach the receipt", async ({ page }) => {
  const invoice = await claimUnpaidInvoice();
  await page.goto(link(invoice));
  await page.keyboard.press("Tab"); // skip link
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "Credit or Debit Card" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /^Download invoice/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Payment details" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Back" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Pay" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeFocused();
  // The card form arrives with the payment step's code (loaded on this step): a visitor tabs
  // on once it is there, as the Arabic keyboard test does after reading its country list.
  await expect(page.getByLabel("Card number")).toBeEditable();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Card number")).toBeFocused();
  await typeCardByKeyboard(page, "Billing country");
  await page.keyboard.type("United A");
  await expect(page.getByLabel("Billing country")).toHaveValue("UAE");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Back" })).toBeFocused();
  await page.keyboard.press("Tab");
  const pay = page.getByRole("button", { name: "Pay" });
  await expect(pay).toBeFocused();
  // While the payment runs (its first call held here), Pay keeps the focus, unavailable.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/payment", async (route) => {
    await held;
    await route.fallback();
  });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Preparing Payment..." })).toBeVisible();
  await expect(pay).toBeFocused();
  await expect(pay).toHaveAttribute("aria-disabled", "true");
  release();
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /^Receipt/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Home", exact: true }).last()).toBeFocused();
});
