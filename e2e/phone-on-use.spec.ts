import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, type Request, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

/**
 * Architecture §5, weight floor: a first visit downloads no script it does not use. The phone library (its
 * metadata and country names) loads on the phone field's first use, the invoice's payment
 * code on the way to paying; the phone field's flag is the country's SVG from this site,
 * never an emoji (two empty boxes in this headless Chromium) nor a third-party image.
 */

const phoneChunk = /\/assets\/phone-field-[\w-]+\.js$/;
const paymentChunk = /\/assets\/payment-step-[\w-]+\.js$/;
/** A country's flag (`/assets/AE-….svg`), which only the phone library's field shows. */
const flagImage = /\/assets\/[A-Z]{2}-[\w-]+\.svg$/;

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}
const urls = (requests: readonly Request[]) => requests.map((r) => r.url());

for (const { path: contactPath, phone, country } of [
  { path: "/contact-us", phone: "Phone", country: "Phone country" },
  { path: "/ar/contact-us", phone: "الهاتف", country: "دولة رقم الهاتف" },
]) {
  test(`${contactPath}: the phone library loads on the field's first use, with an SVG flag from this site`, async ({
    page,
    baseURL,
  }) => {
    const requests = recordRequests(page);
    await page.goto(contactPath, { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(urls(requests).filter((u) => phoneChunk.test(u))).toEqual([]);
    expect(urls(requests).filter((u) => flagImage.test(u))).toEqual([]);
    await expect(page.getByRole("combobox", { name: country })).toHaveCount(0);

    const field = page.getByRole("textbox", { name: phone });
    await field.focus();
    await expect(page.getByRole("combobox", { name: country })).toHaveValue("AE");
    expect(urls(requests).some((u) => phoneChunk.test(u))).toBe(true);
    // The focus stays in the field, now the library's, at the end of '+971'.
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(/^\+971/);

    // The flag is an image of the UAE flag from this origin, drawn (not an emoji, not a broken image).
    const flag = page.locator(".PhoneInputCountryIcon img");
    await expect(flag).toHaveAttribute("src", /^\/assets\/AE-[\w-]+\.svg$/);
    await expect
      .poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator(".PhoneInputCountryIcon").textContent()).toBe("");
    // Another country shows its own flag.
    await page.getByRole("combobox", { name: country }).selectOption("SA");
    await expect(flag).toHaveAttribute("src", /^\/assets\/SA-[\w-]+\.svg$/);
    for (const url of urls(requests)) expect(new URL(url).origin).toBe(new URL(baseURL ?? "").origin);
    await expectNoAxeViolations(page);
  });
}

/** Opens the contact page with the phone library's chunk held until `release()` is called. */
async function holdPhoneLibrary(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(phoneChunk, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/contact-us");
  await waitForHydration(page);
  return release;
}

test("digits typed before the phone library arrives are kept, and the focus stays in the field", async ({ page }) => {
  const release = await holdPhoneLibrary(page);
  await page.getByLabel("Email").focus();
  await page.keyboard.press("Tab"); // the plain phone field: its first use starts the load
  const field = page.getByRole("textbox", { name: "Phone" });
  await expect(field).toBeFocused();
  await page.keyboard.type("50 123");
  await expect(field).toHaveValue("+971 50 123");
  release();
  await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
  await expect(field).toBeFocused();
  await page.keyboard.type("4567");
  await expect(field).toHaveValue("+971 50 123 4567");
});

test("digits typed while the phone library takes the field's place are all kept", async ({ page }) => {
  // The swap happens mid-typing: every key goes either into the plain field before it or
  // into the library's after it, none into the gap (a visitor typing at 20–120 ms a key
  // lost some: round thirteen).
  const release = await holdPhoneLibrary(page);
  const field = page.getByRole("textbox", { name: "Phone" });
  await field.click();
  await page.keyboard.type("50");
  release();
  await page.keyboard.type("1234567", { delay: 20 });
  await expect(page.getByRole("combobox", { name: "Phone country" })).toHaveValue("AE");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("+971 50 123 4567");
});

test("an invoice's first visit loads no payment code; the details step fetches it before Pay", async ({ page }) => {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "demo-invoices.json");
  const invoices = JSON.parse(await readFile(file, "utf8")) as { status: string; hash: string }[];
  const unpaid = invoices.find((i) => i.status === "unpaid");
  if (!unpaid) throw new Error("no unpaid demo invoice");
  const requests = recordRequests(page);
  await page.goto(`/invoice/${unpaid.hash}`, { waitUntil: "networkidle" });
  await waitForHydration(page);
  expect(urls(requests).filter((u) => paymentChunk.test(u))).toEqual([]);
  await page.goto(`/invoice/${unpaid.hash}?step=2&method=card`);
  await expect.poll(() => urls(requests).some((u) => paymentChunk.test(u))).toBe(true);
});
