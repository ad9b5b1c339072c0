/**
 * Invoice lines and UAE VAT (Federal Decree-Law No. 8 of 2017: standard rate 5 %).
 * Every amount is integer fils (architecture §3.4). A line's unit price is VAT-exclusive;
 * its VAT is rounded to the fil per line, and the invoice total is the sum of the
 * lines' net amounts and VAT, so the tax invoice's per-line and total figures add up.
 */

/** The UAE standard VAT rate, in percent. */
export const UAE_VAT_RATE_PERCENT = 5;

/**
 * One invoice line as stored: VAT-exclusive unit price in fils, VAT rate in percent, and the
 * description in English and, for the bilingual tax invoice, in Arabic (decision 016).
 */
export interface InvoiceLine {
  description: string;
  descriptionAr?: string;
  quantity: number;
  unitPriceFils: number;
  vatRatePercent: number;
}

/** A line's amounts in fils: net (quantity × unit price), VAT and gross (net + VAT). */
export interface LineAmounts {
  netFils: number;
  vatFils: number;
  grossFils: number;
}

/**
 * Net, VAT (rounded half up to the fil) and gross of one line, in fils. Throws
 * `RangeError` for a non-integer price, a quantity that is not a positive integer or a
 * negative rate.
 */
export function lineAmounts(line: InvoiceLine): LineAmounts {
  if (!Number.isSafeInteger(line.unitPriceFils) || line.unitPriceFils < 0)
    throw new RangeError(`unit price must be whole fils: ${line.unitPriceFils}`);
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0)
    throw new RangeError(`quantity must be a positive whole number: ${line.quantity}`);
  if (!(line.vatRatePercent >= 0)) throw new RangeError(`VAT rate must not be negative: ${line.vatRatePercent}`);
  const netFils = line.quantity * line.unitPriceFils;
  const vatFils = Math.round((netFils * line.vatRatePercent) / 100);
  return { netFils, vatFils, grossFils: netFils + vatFils };
}

/**
 * Totals of an invoice's lines in fils: net, VAT and total (VAT included).
 * Passes on `lineAmounts`'s `RangeError` for the first line whose unit price is not a safe integer
 * or is negative, whose quantity is not a safe integer above 0, or whose VAT rate is negative or NaN.
 */
export function invoiceTotals(lines: readonly InvoiceLine[]): { netFils: number; vatFils: number; totalFils: number } {
  let netFils = 0;
  let vatFils = 0;
  for (const line of lines) {
    const a = lineAmounts(line);
    netFils += a.netFils;
    vatFils += a.vatFils;
  }
  return { netFils, vatFils, totalFils: netFils + vatFils };
}
