import { defineMessages, englishTexts } from "./messages.ts";

/**
 * Card payment form rules (product §5 "Card payment") with their messages spelled once.
 * Zod-free on purpose (decision 007): the page imports these predicates for the
 * sandbox card form, and the zod schemas of `invoices.ts` refine with the same ones,
 * so the browser and the sandbox provider agree. Never store what these functions
 * read: only the brand and the last 4 digits leave the sandbox provider.
 */

/** Messages of the card form. 'Please select a country' is product §5's; the others follow Stripe's wording. */
export const cardMessageIds = defineMessages({
  numberIncomplete: /*i18n*/ { id: "card.numberIncomplete", message: "Your card number is incomplete." },
  numberInvalid: /*i18n*/ { id: "card.numberInvalid", message: "Your card number is invalid." },
  expiryIncomplete: /*i18n*/ { id: "card.expiryIncomplete", message: "Your card's expiration date is incomplete." },
  expiryInvalid: /*i18n*/ { id: "card.expiryInvalid", message: "Your card's expiration month is invalid." },
  expiryPast: /*i18n*/ { id: "card.expiryPast", message: "Your card's expiration date is in the past." },
  cvcIncomplete: /*i18n*/ { id: "card.cvcIncomplete", message: "Your card's security code is incomplete." },
  cvcInvalid: /*i18n*/ { id: "card.cvcInvalid", message: "Your card's security code is invalid." },
  countryRequired: /*i18n*/ { id: "card.countryRequired", message: "Please select a country" },
});

/** The English of each card message. */
export const cardMessages = englishTexts(cardMessageIds);

/** Billing country values of product §5, in its order (labels live in the i18n catalogue). */
export const billingCountryValues = ["UAE", "US", "GB", "CA", "AU", "DE", "FR", "ES"] as const;
export type BillingCountry = (typeof billingCountryValues)[number];

/** ISO 3166-1 alpha-2 code of each product §5 country value (what Stripe's billing address expects). */
export const billingCountryIso: Record<BillingCountry, string> = {
  UAE: "AE",
  US: "US",
  GB: "GB",
  CA: "CA",
  AU: "AU",
  DE: "DE",
  FR: "FR",
  ES: "ES",
};

/** True for one of product §5's country values. */
export function isBillingCountry(value: string | null | undefined): value is BillingCountry {
  return (billingCountryValues as readonly string[]).includes(value ?? "");
}

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

/** The digits of a typed value (spaces, dashes and slashes dropped). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

/** The card network from the leading digits (IIN ranges); "unknown" when none matches. */
export function cardBrand(number: string): CardBrand {
  const n = digitsOnly(number);
  if (/^4/.test(n)) return "visa";
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(n)) return "mastercard";
  if (/^3[47]/.test(n)) return "amex";
  if (/^(6011|65|64[4-9])/.test(n)) return "discover";
  if (/^(30[0-5]|36|38|39)/.test(n)) return "diners";
  if (/^35/.test(n)) return "jcb";
  if (/^62/.test(n)) return "unionpay";
  return "unknown";
}

/** Valid card number lengths of a brand. */
function cardNumberLengths(brand: CardBrand): number[] {
  switch (brand) {
    case "amex":
      return [15];
    case "diners":
      return [14, 16];
    case "visa":
    case "mastercard":
      return [16];
    default:
      return [16, 17, 18, 19];
  }
}

/** Digits of the security code: 4 for American Express, otherwise 3. */
export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** The Luhn (mod 10) check of a card number's digits. */
export function luhnValid(number: string): boolean {
  const n = digitsOnly(number);
  if (n.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The message for a card number, or undefined when it has a valid length for its brand and passes Luhn. */
export function cardNumberError(number: string): string | undefined {
  const n = digitsOnly(number);
  const lengths = cardNumberLengths(cardBrand(n));
  if (lengths.includes(n.length) && luhnValid(n)) return undefined;
  return n.length < Math.max(...lengths) ? cardMessages.numberIncomplete : cardMessages.numberInvalid;
}

/** Month and four-digit year of an expiry typed as 'MM/YY', 'MM / YY', 'MMYY' or 'MM/YYYY'; null when unreadable. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const t = value.trim();
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const [, mm, yy] = m;
  const year = Number(yy);
  return { month: Number(mm), year: yy?.length === 2 ? 2000 + year : year };
}

/**
 * The message for an expiry date, or undefined when the card is valid at `now`. A card is
 * valid through the last day of its expiry month, in the time zone of `now`'s local fields:
 * the browser's, where the card holder is; the server passes `monthStillSomewhere()`.
 */
export function expiryError(value: string, now: Date = new Date()): string | undefined {
  const digits = digitsOnly(value);
  if (digits.length < 4) return cardMessages.expiryIncomplete;
  const parsed = parseExpiry(value);
  if (!parsed) return cardMessages.expiryIncomplete;
  if (parsed.month < 1 || parsed.month > 12) return cardMessages.expiryInvalid;
  const nowMonths = now.getFullYear() * 12 + now.getMonth();
  const cardMonths = parsed.year * 12 + (parsed.month - 1);
  if (cardMonths < nowMonths) return cardMessages.expiryPast;
  if (cardMonths > nowMonths + 12 * 50) return cardMessages.expiryInvalid;
  return undefined;
}

/**
 * A date whose local year and month are those it still is somewhere on Earth at `now` (in
 * UTC−12, where a month ends last), whatever the server's own time zone: the server checks
 * an expiry against it, so a card a browser took on the last day of its month, in any
 * zone, is not refused there.
 */
export function monthStillSomewhere(now: Date = new Date()): Date {
  const latest = new Date(now.getTime() - 12 * 3_600_000);
  return new Date(latest.getUTCFullYear(), latest.getUTCMonth(), 15);
}

/** The message for a security code (3 digits, 4 for American Express), or undefined when complete. */
export function cvcError(value: string, brand: CardBrand = "unknown"): string | undefined {
  if (!/^\d*$/.test(value.trim())) return cardMessages.cvcInvalid;
  const n = value.trim();
  const needed = cvcLength(brand);
  if (brand === "unknown" ? n.length < 3 : n.length < needed) return cardMessages.cvcIncomplete;
  if (n.length > 4 || (brand !== "unknown" && n.length > needed)) return cardMessages.cvcInvalid;
  return undefined;
}

/** product §5: the country message, or undefined when a listed country is chosen. */
export function billingCountryError(value: string | null | undefined): string | undefined {
  return isBillingCountry(value) ? undefined : cardMessages.countryRequired;
}

/** The card number as typed, grouped for reading: 4-4-4-4 (American Express 4-6-5). */
export function formatCardNumber(value: string): string {
  const n = digitsOnly(value).slice(0, 19);
  if (cardBrand(n) === "amex") return [n.slice(0, 4), n.slice(4, 10), n.slice(10, 15)].filter(Boolean).join(" ");
  return n.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The expiry as typed, shaped 'MM / YY' while typing (a lone 2–9 becomes '0N / '). */
export function formatExpiry(value: string, deleting = false): string {
  let n = digitsOnly(value).slice(0, 4);
  if (n.length === 1 && Number(n) > 1) n = `0${n}`;
  if (n.length < 2) return n;
  if (n.length === 2) return deleting ? n : `${n} / `;
  return `${n.slice(0, 2)} / ${n.slice(2)}`;
}

/** The last 4 digits of a card number. */
export function last4(number: string): string {
  return digitsOnly(number).slice(-4);
}
