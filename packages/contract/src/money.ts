/**
 * Money for invoices (product §9, architecture §3.4). Amounts are integer fils (1 AED = 100 fils);
 * dirhams appear only at the edges (the product §3 `total` field and the display).
 */

import { groupThousands } from "./digits.ts";

/** Fils per dirham: product §9's multiplier to the smallest unit. */
const FILS_PER_DIRHAM = 100;

/** Fixed part of the card fee: AED 1.00, in fils. */
const CARD_FEE_FIXED_FILS = 100;

/** Percentage part of the card fee: 1.5 % of the total. */
const CARD_FEE_RATE = 0.015;

/**
 * The largest invoice total in fils, AED 20,000,000.00: its gross (total + card fee,
 * 2,030,000,100 fils) still fits the 32-bit integer columns that store amounts
 * (`payments.amount_fils`). An invoice total lies in 1 … this (the database checks it):
 * a total of 0 would charge the card fee alone.
 */
export const MAX_INVOICE_TOTAL_FILS = 2_000_000_000;

/**
 * Card fee in fils for an invoice total in fils: 1.5 % of the total rounded to the fil,
 * plus AED 1.00 (architecture §3.4). Throws `RangeError` for a negative or non-integer total.
 */
export function cardFeeFils(totalFils: number): number {
  assertFils(totalFils);
  return Math.round(totalFils * CARD_FEE_RATE) + CARD_FEE_FIXED_FILS;
}

/**
 * Gross amount in fils: total plus the card fee (the amount charged).
 * Passes on `cardFeeFils`'s `RangeError` when `totalFils` is not a safe integer or is negative.
 */
export function grossFils(totalFils: number): number {
  return totalFils + cardFeeFils(totalFils);
}

/** Dirhams (a number with at most 2 decimals, as product §3's `total`) from fils. */
export function filsToDirhams(fils: number): number {
  return fils / FILS_PER_DIRHAM;
}

/** Fils from dirhams, rounded to the fil. */
export function dirhamsToFils(dirhams: number): number {
  return Math.round(dirhams * FILS_PER_DIRHAM);
}

/**
 * Currency code used where the dirham sign cannot be drawn (plain text: titles, e-mail,
 * the sign's accessible text). Pages and PDFs draw the sign itself before the number
 * (see docs/decisions/008-dirham-sign.md, which supersedes 001).
 */
export const CURRENCY_LABEL = "AED";

/**
 * The number part of an amount in fils: '1,234.50' — thousands separators and always
 * 2 decimals (product §9), a leading minus when negative. Drawn after the dirham sign.
 * Throws `RangeError` for a non-integer amount.
 */
export function formatAmount(fils: number): string {
  assertInteger(fils);
  const sign = fils < 0 ? "-" : "";
  const abs = Math.abs(fils);
  const whole = groupThousands(Math.floor(abs / FILS_PER_DIRHAM));
  const part = String(abs % FILS_PER_DIRHAM).padStart(2, "0");
  return `${sign}${whole}.${part}`;
}

/**
 * Plain-text display of an amount in fils: 'AED 1,234.50' (product §9: 2 decimals), for
 * places that cannot draw the dirham sign (document titles, logs, e-mail, aria text).
 * Passes on `formatAmount`'s `RangeError` when `fils` is not a safe integer.
 */
export function formatMoney(fils: number): string {
  return `${CURRENCY_LABEL} ${formatAmount(fils)}`;
}

function assertInteger(fils: number): void {
  if (!Number.isSafeInteger(fils)) throw new RangeError(`Amount must be an integer number of fils: ${fils}`);
}

function assertFils(fils: number): void {
  assertInteger(fils);
  if (fils < 0) throw new RangeError(`Amount must not be negative: ${fils}`);
}
