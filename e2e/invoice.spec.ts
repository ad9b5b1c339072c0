import { expect, test } from "@playwright/test";
import {
  amount,
  claimUnpaidInvoice,
  demoInvoice,
  expectNoCspViolations,
  feeOf,
  fillCard,
  link,
} from "./demo-invoices.ts";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

/**
 * The invoice page in English (product §3): the four steps with the sandbox card, the PDF,
 * a paid invoice and a bad link, and steps 1 and 2 without JavaScript. Card failures, Apple
 * Pay and the keyboard: invoice-card.spec.ts; in Arabic: ar-invoice.spec.ts.
 */
expectNoCspViolations(test);

test(
  "step 1 shows the total with the dirham sign, Invoice ID, due date and badge, the method choice and the fee " +
    "note",
  async ({ page }) => {
    const invoice = await demoInvoice("INV-2026-000102");
    await page.goto(link(invoice));
    await expect(page.getByRole("heading", { level: 1, name: "Invoice INV-2026-000102" })).toBeVisible();
    await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
    const total = page.getByText("Total", { exact: true }).locator("xpath=following-sibling::p[1]");
    await expect(total).toHaveText(`AED ${amount(invoice.totalFils)}`);
    await expect(total.locator("svg")).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByText("Invoice ID")).toBeVisible();
    // The Invoice ID row (the heading names the reference too).
    await expect(page.getByRole("definition").getByText("INV-2026-000102", { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d{2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
    await expect(page.getByText("Due in 3 days")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Credit or Debit Card" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Apple Pay" })).not.toBeChecked();
    await expect(page.getByText("Fees are non-refundable")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Download invoice/ })).toHaveAttribute(
      "href",
      `/invoice/${invoice.hash}/pdf`,
    );
    await expectNoAxeViolations(page);
  },
);

test("the four steps with the sandbox card 4242 end in 'Payment Success', and the paid state holds on reload", async ({
  page,
  baseURL,
}) => {
  // Four steps, three axe scans and a reload: more than the default 30 s on a busy machine.
  test.slow();
  const invoice = await claimUnpaidInvoice();
  const fee = feeOf(invoice.totalFils);
  // Stripe is not configured here: Stripe.js must never be requested (architecture §3.9).
  const thirdParty: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(baseURL!).origin) thirdParty.push(r.url());
  });
  await page.goto(link(invoice));
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: payment type, other fees, gross amount.
  await expect(page).toHaveURL(/\?step=2&method=card$/);
  await expect(page.getByRole("heading", { name: "Payment details" })).toBeFocused();
  const details = page.getByRole("definition");
  await expect(page.getByText("Payment type")).toBeVisible();
  await expect(details.filter({ hasText: "Credit or Debit Card" })).toBeVisible();
  await expect(page.getByText("Other Fees")).toBeVisible();
  await expect(details.filter({ hasText: `AED ${amount(fee)}` })).toBeVisible();
  await expect(page.getByText("Gross Amount")).toBeVisible();
  await expect(details.filter({ hasText: `AED ${amount(invoice.totalFils + fee)}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Pay" }).click();

  // Step 3: gross amount, 'Paying with', test mode, the card form.
  await expect(page).toHaveURL(/\?step=3&method=card$/);
  await expect(page.getByText("Paying with")).toBeVisible();
  await expect(page.getByText("Test mode: no real payment is taken")).toBeVisible();
  await expect(page.getByText("4242 4242 4242 4242")).toBeVisible();
  // Test mode offers no saved card: it would be a real one (architecture §3.8).
  await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "off");
  await expect(page.getByLabel("Card number")).toHaveAttribute("inputmode", "numeric");
  await expect(page.getByLabel("Expiry date")).toHaveAttribute("autocomplete", "off");
  await expect(page.getByLabel("Security code")).toHaveAttribute("autocomplete", "off");
  await expect(page.getByLabel("Billing country").locator("option")).toHaveText([
    "Select a country",
    "United Arab Emirates",
    "United States",
    "United Kingdom",
    "Canada",
    "Australia",
    "Germany",
    "France",
    "Spain",
  ]);
  await expect(page.getByLabel("Billing country").locator("option").nth(1)).toHaveAttribute("value", "UAE");
  await expectNoAxeViolations(page);

  // Slow the provider a little to see the progress texts and the disabled Back.
  await page.route("**/payment", async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Preparing Payment...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await expect(page.getByText("Processing Payment...")).toBeVisible();

  // Step 4.
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  await expect(page.getByText("Payment received. You're all set!")).toBeVisible();
  await expect(page).toHaveURL(/\?step=4$/);
  await expect(details.filter({ hasText: `AED ${amount(invoice.totalFils)}` }).first()).toBeVisible();
  await expect(details.filter({ hasText: `AED ${amount(fee)}` })).toBeVisible();
  await expect(details.filter({ hasText: "Visa ending 4242" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Receipt/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home", exact: true }).last()).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);

  expect(thirdParty).toEqual([]);

  // Reload, and even ask for step 3 again: the invoice shows as paid, never the payment steps.
  await page.unroute("**/payment");
  await page.goto(`${link(invoice)}?step=3&method=card`);
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
});

test("Download opens the invoice PDF in a new tab; a failure says 'Failed to download PDF'", async ({ page }) => {
  const invoice = await demoInvoice("INV-2026-000103");
  await page.goto(link(invoice));
  // Before hydration Download is a plain link to the PDF (tested without JavaScript).
  await waitForHydration(page);
  const popupPromise = page.waitForEvent("popup");
  // Chromium shows the PDF in the new tab; its headless shell, the tests' browser (decision
  // 030), has no PDF viewer: the tab downloads it and closes, and the download is the page's.
  const downloaded = page.waitForEvent("download").then(
    (download) => download.url(),
    () => "",
  );
  const pdf = `${new URL(page.url()).origin}/invoice/${invoice.hash}/pdf`;
  // The page's script asks for the PDF first (its failure is said in the page, below), then
  // opens it: a plain link would open the tab without that request.
  const checked = page.waitForRequest(
    (request) => request.url() === pdf && request.frame() === page.mainFrame() && request.resourceType() === "fetch",
  );
  await page.getByRole("link", { name: /^Download invoice/ }).click();
  await checked;
  // The new tab is given the PDF's own address (not an object URL that dies with the page):
  // it reloads, restores and can be kept.
  const popup = await popupPromise;
  const opened = await Promise.race([
    popup.waitForURL(pdf).then(
      () => popup.url(),
      () => "",
    ),
    downloaded,
  ]);
  expect(opened).toBe(pdf);
  await popup.close();

  // The resource route answers the PDF itself too (the link works without JavaScript), under
  // the server's file name (what the new tab saves).
  const response = await page.request.get(`${link(invoice)}/pdf`);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe('inline; filename="INV-2026-000103.pdf"');

  // A spinner while downloading, then the failure message (and no new tab).
  await page.route("**/pdf", async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.abort();
  });
  let popups = 0;
  page.on("popup", () => popups++);
  await page.getByRole("link", { name: /^Download invoice/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Downloading…" })).toBeAttached();
  await expect(page.getByRole("alert")).toHaveText("Failed to download PDF");
  expect(popups).toBe(0);
});

test("a paid invoice's link shows it as paid with its receipt, never the payment steps", async ({ page }) => {
  const invoice = await demoInvoice("INV-2026-000104");
  for (const query of ["", "?step=2&method=card", "?step=3&method=apple-pay"]) {
    await page.goto(`${link(invoice)}${query}`);
    await expect(page.getByRole("heading", { name: "Payment Success" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Pay" })).toHaveCount(0);
  }
  await expect(page.getByRole("link", { name: /^Receipt/ })).toHaveAttribute("href", `/invoice/${invoice.hash}/pdf`);
  await expectNoAxeViolations(page);
});

test("a bad or unknown link shows 'Error', the message and 'Go Home'", async ({ page }) => {
  const malformed = await page.goto("/invoice/not-a-token");
  expect(malformed?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
  await expect(page.getByText("Invalid invoice link")).toBeVisible();
  const unknown = await page.goto(`/invoice/${"A".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText("Invoice not found")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("steps 1 and 2 work as plain links and forms; step 3 says paying needs JavaScript", async ({ page }) => {
    const invoice = await demoInvoice("INV-2026-000101");
    await page.goto(link(invoice));
    await page.getByRole("radio", { name: "Apple Pay" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/step=2&method=apple-pay/);
    await expect(page.getByRole("definition").filter({ hasText: "Apple Pay" })).toBeVisible();
    await page.getByRole("link", { name: "Pay" }).click();
    await expect(page.getByText(/Paying needs JavaScript/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Download the invoice (PDF)" })).toHaveAttribute(
      "href",
      `/invoice/${invoice.hash}/pdf`,
    );
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page.getByText("Gross Amount")).toBeVisible();
  });
});
