import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  billingCountryError,
  billingCountryValues,
  cardBrand,
  cardMessages,
  cardNumberError,
  cvcError,
  digitsOnly,
  expiryError,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  monthStillSomewhere,
  parseExpiry,
} from "./card-rules.ts";
import { sandboxOutcome, sandboxTestCards } from "./sandbox-cards.ts";

describe("card number", () => {
  test("Stripe's test cards pass Luhn and are complete", () => {
    for (const { number } of sandboxTestCards) {
      expect(luhnValid(number)).toBe(true);
      expect(cardNumberError(number)).toBeUndefined();
    }
    expect(cardNumberError("5555 5555 5555 4444")).toBeUndefined();
    expect(cardNumberError("3782 822463 10005")).toBeUndefined();
  });
  test("a wrong check digit is invalid; too few digits incomplete; too many invalid", () => {
    expect(cardNumberError("4242 4242 4242 4241")).toBe(cardMessages.numberInvalid);
    expect(cardNumberError("4242 4242 4242")).toBe(cardMessages.numberIncomplete);
    expect(cardNumberError("")).toBe(cardMessages.numberIncomplete);
    expect(cardNumberError("4242 4242 4242 4242 4")).toBe(cardMessages.numberInvalid);
  });
  test("changing any one digit of a valid number breaks Luhn", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = "4242424242424242".split("").map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        expect(luhnValid(digits.join(""))).toBe(false);
      }),
    );
  });
  test("brands from the leading digits", () => {
    expect(cardBrand("4242")).toBe("visa");
    expect(cardBrand("5555")).toBe("mastercard");
    expect(cardBrand("2221 0000")).toBe("mastercard");
    expect(cardBrand("3782")).toBe("amex");
    expect(cardBrand("6011")).toBe("discover");
    expect(cardBrand("9999")).toBe("unknown");
  });
  test("grouping keeps the digits, 4-4-4-4 or 4-6-5 for American Express", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,19}$/), (digits) => {
        expect(digitsOnly(formatCardNumber(digits))).toBe(digits);
      }),
    );
  });
});

describe("expiry", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  test("valid through the last day of its month", () => {
    expect(expiryError("11 / 26", now)).toBeUndefined();
    expect(expiryError("12/26", now)).toBeUndefined();
    expect(expiryError("1234", now)).toBeUndefined();
    expect(expiryError("10 / 26", now)).toBe(cardMessages.expiryPast);
  });
  test("in the browser, through the month's last day where the visitor is; on the server, until it has ended everywhere", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = "America/Los_Angeles";
      // 30 Nov, 17:00 in Los Angeles (1 Dec, 01:00 UTC): a November card is still valid there.
      expect(expiryError("11 / 26", new Date("2026-12-01T01:00:00Z"))).toBeUndefined();
      process.env.TZ = "Asia/Dubai";
      // 1 Dec, 01:00 in Dubai (30 Nov, 21:00 UTC): it is not.
      expect(expiryError("11 / 26", new Date("2026-11-30T21:00:00Z"))).toBe(cardMessages.expiryPast);
      // The server, in any zone, takes it until 1 Dec 12:00 UTC, midnight at UTC−12.
      expect(expiryError("11 / 26", monthStillSomewhere(new Date("2026-12-01T11:59:00Z")))).toBeUndefined();
      expect(expiryError("11 / 26", monthStillSomewhere(new Date("2026-12-01T12:00:00Z")))).toBe(
        cardMessages.expiryPast,
      );
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
  test("incomplete, or a month that does not exist", () => {
    expect(expiryError("1", now)).toBe(cardMessages.expiryIncomplete);
    expect(expiryError("12 / 3", now)).toBe(cardMessages.expiryIncomplete);
    expect(expiryError("13 / 30", now)).toBe(cardMessages.expiryInvalid);
    expect(expiryError("00 / 30", now)).toBe(cardMessages.expiryInvalid);
  });
  test("typing shapes 'MM / YY'", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("12", true)).toBe("12");
    expect(formatExpiry("1234")).toBe("12 / 34");
    expect(parseExpiry("12 / 34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("07/2031")).toEqual({ month: 7, year: 2031 });
  });
});

describe("CVC and country", () => {
  test("3 digits, 4 for American Express", () => {
    expect(cvcError("123", "visa")).toBeUndefined();
    expect(cvcError("12", "visa")).toBe(cardMessages.cvcIncomplete);
    expect(cvcError("1234", "visa")).toBe(cardMessages.cvcInvalid);
    expect(cvcError("1234", "amex")).toBeUndefined();
    expect(cvcError("123", "amex")).toBe(cardMessages.cvcIncomplete);
    expect(cvcError("12a", "visa")).toBe(cardMessages.cvcInvalid);
  });
  test("product §5: the eight countries, 'Please select a country' otherwise", () => {
    expect(billingCountryValues).toEqual(["UAE", "US", "GB", "CA", "AU", "DE", "FR", "ES"]);
    for (const value of billingCountryValues) expect(billingCountryError(value)).toBeUndefined();
    expect(billingCountryError("")).toBe("Please select a country");
    expect(billingCountryError("AE")).toBe("Please select a country");
  });
});

test("the sandbox decides by Stripe's test numbers; any other valid card succeeds", () => {
  expect(sandboxOutcome("4242424242424242")).toBe("succeeded");
  expect(sandboxOutcome("4000 0000 0000 0002")).toBe("card_declined");
  expect(sandboxOutcome("4000-0000-0000-9995")).toBe("insufficient_funds");
  expect(sandboxOutcome("5555555555554444")).toBe("succeeded");
});
