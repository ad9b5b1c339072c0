import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

/** A demo invoice as the server lists it in DATA_DIR/demo-invoices.json at start-up. */
interface DemoInvoice {
  refNumber: string;
  status: "paid" | "unpaid";
  totalFils: number;
  hash: string;
}

const dataDir = () => process.env.E2E_DATA_DIR ?? "";

async function demoInvoices(): Promise<DemoInvoice[]> {
  return JSON.parse(await readFile(path.join(dataDir(), "demo-invoices.json"), "utf8")) as DemoInvoice[];
}

async function demoInvoice(refNumber: string): Promise<DemoInvoice> {
  const invoice = (await demoInvoices()).find((i) => i.refNumber === refNumber);
  if (!invoice) throw new Error(`no demo invoice ${refNumber}`);
  return invoice;
}

/**
 * An unpaid demo invoice that no other test (worker, or retry) has taken: each test that
 * pays claims its own by creating a marker file atomically, so tests stay independent.
 */
async function claimUnpaidInvoice(): Promise<DemoInvoice> {
  const claims = path.join(dataDir(), "e2e-claims");
  await mkdir(claims, { recursive: true });
  for (const invoice of (await demoInvoices()).filter(
    (i) => i.status === "unpaid" && i.refNumber >= "INV-2026-000201",
  )) {
    try {
      await writeFile(path.join(claims, invoice.refNumber), "", { flag: "wx" });
      return invoice;
    } catch {
      // taken by another test
    }
  }
  throw new Error("no unpaid demo invoice left to claim");
}

const link = (invoice: DemoInvoice) => `/invoice/${invoice.hash}`;
/** The card fee of architecture §3.4 in fils. */
const feeOf = (totalFils: number) => Math.round(totalFils * 0.015) + 100;
/** '1,234.50' as the page prints amounts after the dirham sign. */
const amount = (fils: number) =>
  `${Math.floor(fils / 100).toLocaleString("en-US")}.${String(fils % 100).padStart(2, "0")}`;

async function fillCard(page: Page, number: string, country: string | null = "UAE") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  if (country) await page.getByLabel("Billing country").selectOption(country);
}

/**
 * Chromium reports on the console every script or resource the page's CSP refused: with
 * the nonce of each render on React Router's scripts (decision 019), none may be.
 */
let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

async function toPaymentStep(
  page: Page,
  invoice: DemoInvoice,
  method: "Credit or Debit Card" | "Apple Pay" = "Credit or Debit Card",
) {
  await page.goto(link(invoice));
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Payment details" })).toBeVisible();
  await page.getByRole("link", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
}

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
  await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
  await expect(page.getByLabel("Card number")).toHaveAttribute("inputmode", "numeric");
  await expect(page.getByLabel("Expiry date")).toHaveAttribute("autocomplete", "cc-exp");
  await expect(page.getByLabel("Security code")).toHaveAttribute("autocomplete", "cc-csc");
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

test("Download opens the invoice PDF in a new tab; a failure says 'Failed to download PDF'", async ({ page }) => {
  // Remember the Blob behind the object URL the page opens (the page's CSP forbids fetching blob: URLs).
  await page.addInitScript(() => {
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      (window as unknown as { lastObjectUrlBlob: unknown }).lastObjectUrlBlob = object;
      return create(object);
    };
  });
  const invoice = await demoInvoice("INV-2026-000103");
  await page.goto(link(invoice));
  // Before hydration Download is a plain link to the PDF (tested without JavaScript).
  await waitForHydration(page);
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("link", { name: /^Download invoice/ }).click();
  // The new tab shows an object URL of this origin made from the downloaded bytes: a PDF.
  const popup = await popupPromise;
  expect(popup.url()).toMatch(new RegExp(`^blob:${new URL(page.url()).origin}/`));
  const opened = await page.evaluate(async () => {
    const blob = (window as unknown as { lastObjectUrlBlob: Blob }).lastObjectUrlBlob;
    return `${blob.type} ${String.fromCharCode(...new Uint8Array(await blob.slice(0, 5).arrayBuffer()))}`;
  });
  expect(opened).toBe("application/pdf %PDF-");
  await popup.close();

  // The resource route answers the PDF itself too (the link works without JavaScript).
  const response = await page.request.get(`${link(invoice)}/pdf`);
  expect(response.headers()["content-type"]).toBe("application/pdf");

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
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1234");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Billing country")).toBeFocused();
  await page.keyboard.type("United A");
  await expect(page.getByLabel("Billing country")).toHaveValue("UAE");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Back" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pay" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Payment Success" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /^Receipt/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Home", exact: true }).last()).toBeFocused();
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
