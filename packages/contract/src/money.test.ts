import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardFeeFils, formatMoney, grossFils } from "./money";

describe("card fee and gross amount", () => {
  it("is 6.94 at a total of AED 396.00 (SPEC §9)", () => {
    expect(cardFeeFils(39_600)).toBe(694);
    expect(grossFils(39_600)).toBe(40_294);
  });

  it("is 1.5 % rounded to the fil plus AED 1.00 for any total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const fee = cardFeeFils(total);
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee - 100 - total * 0.015)).toBeLessThanOrEqual(0.5);
        expect(grossFils(total)).toBe(total + fee);
      }),
    );
  });

  it("refuses negative or fractional totals", () => {
    expect(() => cardFeeFils(-1)).toThrow(RangeError);
    expect(() => cardFeeFils(1.5)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("shows the currency and 2 decimals", () => {
    expect(formatMoney(39_600)).toBe("AED 396.00");
    expect(formatMoney(5)).toBe("AED 0.05");
    expect(formatMoney(123_456_789)).toBe("AED 1,234,567.89");
  });
});
