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

/** The zero of each run of decimal digits an Arabic keyboard types: Arabic-Indic and Eastern Arabic-Indic. */
const ARABIC_ZEROS = [0x0660, 0x06f0];

/**
 * `text` with the digits an Arabic keyboard types (`٠`–`٩`, `۰`–`۹`) written as Latin digits,
 * `٤٩٦٣` → `'4963'`: what the forms read a code or a phone number as on either page (product
 * §5's "4 digits" and "at least 10 digits" are digits whoever types them; decision 016 keeps
 * Latin digits in what the site writes). Every other character is left as it is.
 */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = ARABIC_ZEROS.find((first) => code >= first && code <= first + 9) ?? code;
    return String(code - zero);
  });
}
