import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, type test } from "@playwright/test";

/**
 * Helpers of the invoice specs (invoice, invoice-card, ar-invoice): the demo invoices the
 * server lists at start-up, claimed one per paying test, and the English page's steps.
 */

/** A demo invoice as the server lists it in DATA_DIR/demo-invoices.json at start-up. */
export interface DemoInvoice {
  refNumber: string;
  status: "paid" | "unpaid";
  totalFils: number;
  hash: string;
}

const dataDir = () => process.env.E2E_DATA_DIR ?? "";

async function demoInvoices(): Promise<DemoInvoice[]> {
  return JSON.parse(await readFile(path.join(dataDir(), "demo-invoices.json"), "utf8")) as DemoInvoice[];
}

/** The demo invoice numbered `refNumber`. */
export async function demoInvoice(refNumber: string): Promise<DemoInvoice> {
  const invoice = (await demoInvoices()).find((i) => i.refNumber === refNumber);
  if (!invoice) throw new Error(`no demo invoice ${refNumber}`);
  return invoice;
}

/**
 * An unpaid demo invoice that no other test (worker, or retry) has taken: each test that
 * pays claims its own by creating a marker file atomically, so tests stay independent.
 */
export async function claimUnpaidInvoice(): Promise<DemoInvoice> {
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

/** The English page of `invoice`. */
export const link = (invoice: DemoInvoice) => `/invoice/${invoice.hash}`;
/** The card fee of architecture §3.4 in fils. */
export const feeOf = (totalFils: number) => Math.round(totalFils * 0.015) + 100;
/** '1,234.50' as the page prints amounts after the dirham sign (Latin digits in Arabic too, decision 016). */
export const amount = (fils: number) =>
  `${Math.floor(fils / 100).toLocaleString("en-US")}.${String(fils % 100).padStart(2, "0")}`;

/** Fills the English card form with `number`, a future expiry, a CVC and `country` (none: left unchosen). */
export async function fillCard(page: Page, number: string, country: string | null = "UAE") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  if (country) await page.getByLabel("Billing country").selectOption(country);
}

/**
 * A keyboard-only visitor types the sandbox card 4242 4242 4242 4242, 12/34, CVC 123, from
 * the focused card number field, and tabs on to the billing country (`countryLabel`).
 */
export async function typeCardByKeyboard(page: Page, countryLabel: string) {
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1234");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(countryLabel)).toBeFocused();
}

/**
 * Chromium reports on the console every script or resource the page's CSP refused: with
 * the nonce of each render on React Router's scripts (decision 019), none may be. Registers
 * the check around each test of the calling spec file.
 */
export function expectNoCspViolations(runner: typeof test) {
  let cspViolations: string[] = [];
  runner.beforeEach(({ page }) => {
    cspViolations = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });
  runner.afterEach(() => {
    expect(cspViolations).toEqual([]);
  });
}

/** Chooses `method` on the English page of `invoice` and goes on to the payment step. */
export async function toPaymentStep(
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
