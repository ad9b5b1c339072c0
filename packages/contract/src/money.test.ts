import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals, lineAmounts } from "./invoice-lines.ts";
import { cardFeeFils, dirhamsToFils, filsToDirhams, formatAmount, formatMoney, grossFils } from "./money";

describe("card fee and gross amount", () => {
  it("is 6.94 at a total of AED 396.00 (product §9)", () => {
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

describe("money display (product §9: 2 decimals)", () => {
  it("formatMoney writes the currency code for plain text", () => {
    expect(formatMoney(39_600)).toBe("AED 396.00");
    expect(formatMoney(5)).toBe("AED 0.05");
    expect(formatMoney(123_456_789)).toBe("AED 1,234,567.89");
  });

  it("formatAmount is the number drawn after the dirham sign, and reads back to the same fils", () => {
    expect(formatAmount(40_294)).toBe("402.94");
    expect(formatAmount(100)).toBe("1.00");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(-150)).toBe("-1.50");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (fils) => {
        const text = formatAmount(fils);
        expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Math.round(Number(text.replace(/,/g, "")) * 100)).toBe(fils);
      }),
    );
    expect(() => formatAmount(1.5)).toThrow(RangeError);
  });

  it("the dirhams on the wire convert back to the same fils for fee and gross", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        expect(dirhamsToFils(filsToDirhams(cardFeeFils(total)))).toBe(cardFeeFils(total));
        expect(dirhamsToFils(filsToDirhams(grossFils(total)))).toBe(grossFils(total));
      }),
    );
  });
});

describe("invoice lines and VAT (5 %)", () => {
  it("rounds VAT per line and adds the lines up", () => {
    expect(lineAmounts({ description: "x", quantity: 1, unitPriceFils: 37_714, vatRatePercent: 5 })).toEqual({
      netFils: 37_714,
      vatFils: 1_886,
      grossFils: 39_600,
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 20 }),
            unitPriceFils: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (raw) => {
          const lines = raw.map((l) => ({ ...l, description: "line", vatRatePercent: 5 }));
          const totals = invoiceTotals(lines);
          const each = lines.map(lineAmounts);
          expect(totals.totalFils).toBe(each.reduce((sum, a) => sum + a.grossFils, 0));
          expect(totals.totalFils).toBe(totals.netFils + totals.vatFils);
          for (const a of each) expect(Math.abs(a.vatFils - a.netFils * 0.05)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
