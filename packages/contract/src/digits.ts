/**
 * A whole number as the site writes it in both languages: Latin digits with a comma between
 * groups of three, `20000` → `'20,000'` (product §9's amounts, the forms' length limits;
 * decision 016 keeps Latin digits in Arabic too).
 *
 * Not `toLocaleString("en-US")`: the first number or date format a browser tab builds loads
 * its locale data, 15–45 ms of main thread on the bench's host (decision 024, tenth round),
 * and the forms built theirs while their script was evaluated. The output is the same for
 * every safe integer (`digits.test.ts` compares them).
 *
 * Throws `RangeError` for a negative, fractional or unsafe number.
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Expected a whole number of at least 0: ${value}`);
  }
  // At most 16 digits (a safe integer): the lookahead's rescan from each digit stays tiny.
  // eslint-disable-next-line regexp/no-super-linear-move
  return String(value).replace(/\B(?=(\d{3})+$)/g, ",");
}
