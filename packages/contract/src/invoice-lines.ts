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

/** How many decimals a line's quantity may have (2.5 nights, 0.75 of a day's hire). */
const QUANTITY_DECIMALS = 3;
const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS;

/** `amount` rounded to the nearest whole fil, halves away from zero (so a discount rounds as its charge would). */
const toFils = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount)) || 0;

/**
 * Net, VAT (rounded to the fil per line, halves away from zero) and gross of one line, in
 * fils. A negative unit price (a discount) or quantity (a credit) gives negative amounts,
 * VAT included, as the UAE's rules for a reduction in consideration have it; a quantity may
 * have up to {@link QUANTITY_DECIMALS} decimals. Throws `RangeError` for a unit price that is
 * not whole fils, a quantity that is not a finite number with at most that many decimals, or
 * a VAT rate that is negative or not a finite number.
 */
export function lineAmounts(line: InvoiceLine): LineAmounts {
  if (!Number.isSafeInteger(line.unitPriceFils))
    throw new RangeError(`unit price must be whole fils: ${line.unitPriceFils}`);
  const scaled = Math.round(line.quantity * QUANTITY_SCALE);
  if (
    typeof line.quantity !== "number" ||
    !Number.isSafeInteger(scaled) ||
    Math.abs(scaled - line.quantity * QUANTITY_SCALE) > 1e-6
  )
    throw new RangeError(`quantity must be a number with at most ${QUANTITY_DECIMALS} decimals: ${line.quantity}`);
  if (!(Number.isFinite(line.vatRatePercent) && line.vatRatePercent >= 0))
    throw new RangeError(`VAT rate must be a number of percent, not negative: ${line.vatRatePercent}`);
  const netFils = toFils((scaled * line.unitPriceFils) / QUANTITY_SCALE);
  const vatFils = toFils((netFils * line.vatRatePercent) / 100);
  return { netFils, vatFils, grossFils: netFils + vatFils };
}

/**
 * Totals of an invoice's lines in fils: net, VAT and total (VAT included).
 * Passes on `lineAmounts`'s `RangeError` for the first line it refuses.
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

/**
 * The one VAT rate (percent) every line of `lines` carries, which the tax invoice prints in
 * its headings; {@link UAE_VAT_RATE_PERCENT} for no lines; null when the lines carry
 * different rates (a zero-rated export beside a standard-rated local service), which the
 * invoice then prints line by line.
 */
export function sharedVatRate(lines: readonly InvoiceLine[]): number | null {
  const rates = new Set(lines.map((line) => line.vatRatePercent));
  if (rates.size === 0) return UAE_VAT_RATE_PERCENT;
  return rates.size === 1 ? ([...rates][0] ?? null) : null;
}
