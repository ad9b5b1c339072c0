import { expect, test } from "vitest";
import { type InvoiceLine, invoiceTotals, lineAmounts, sharedVatRate } from "./invoice-lines.ts";

const line = (quantity: number, unitPriceFils: number, vatRatePercent = 5): InvoiceLine => ({
  description: "Show transport",
  quantity,
  unitPriceFils,
  vatRatePercent,
});

test("a discount (negative price) and a credit (negative quantity) reduce the net and the VAT, rounded as their charge", () => {
  expect(lineAmounts(line(1, 37_714))).toEqual({ netFils: 37_714, vatFils: 1_886, grossFils: 39_600 });
  expect(lineAmounts(line(1, -37_714))).toEqual({ netFils: -37_714, vatFils: -1_886, grossFils: -39_600 });
  expect(lineAmounts(line(-2, 25_000))).toEqual({ netFils: -50_000, vatFils: -2_500, grossFils: -52_500 });
  // 2.5 % of 1 fil of VAT is half a fil: away from zero either way.
  expect(lineAmounts(line(1, 10)).vatFils).toBe(1);
  expect(lineAmounts(line(1, -10)).vatFils).toBe(-1);
  expect(invoiceTotals([line(2, 90_000), line(1, -25_000)])).toEqual({
    netFils: 155_000,
    vatFils: 7_750,
    totalFils: 162_750,
  });
});

test("a quantity with up to three decimals is priced to the fil; more decimals or no number are refused", () => {
  expect(lineAmounts(line(2.5, 25_050))).toEqual({ netFils: 62_625, vatFils: 3_131, grossFils: 65_756 });
  expect(lineAmounts(line(0.333, 100))).toEqual({ netFils: 33, vatFils: 2, grossFils: 35 });
  expect(lineAmounts(line(0.1 + 0.2, 1_000)).netFils).toBe(300); // 0.30000000000000004 is 0.3
  expect(lineAmounts(line(0, 1_000))).toEqual({ netFils: 0, vatFils: 0, grossFils: 0 });
  for (const quantity of [
    0.0001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    "2" as unknown as number,
    null as unknown as number,
  ])
    expect(() => lineAmounts(line(quantity, 1_000)), String(quantity)).toThrow(RangeError);
  expect(() => lineAmounts(line(1, 10.5))).toThrow(RangeError);
  expect(() => lineAmounts(line(1, 1_000, -5))).toThrow(RangeError);
  expect(() => lineAmounts(line(1, 1_000, Number.NaN))).toThrow(RangeError);
});

test("the rate the invoice's headings print: the lines' one rate, the standard rate for none, none for mixed rates", () => {
  expect(sharedVatRate([line(1, 100, 0), line(2, 100, 0)])).toBe(0);
  expect(sharedVatRate([])).toBe(5);
  expect(sharedVatRate([line(1, 100, 0), line(1, 100, 5)])).toBeNull();
});
