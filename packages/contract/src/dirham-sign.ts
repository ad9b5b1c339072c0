/**
 * The UAE dirham sign (U+20C3, CBUAE 2025: a capital D crossed by two horizontal lines
 * recalling the flag's stripes) as vector outlines, because no common font has a glyph
 * for it yet (docs/decisions/008-dirham-sign.md). The page draws it as an inline SVG
 * with the accessible text 'AED'; the PDF draws the same outlines with pdfkit. The
 * shape is our drawing of the published sign, in a 100-unit box with the baseline at
 * y = 86 and the cap height at y = 14 (a 72-unit capital).
 */
export const dirhamSign = {
  /** SVG viewBox tight around the sign: x, y, width, height. */
  viewBox: { x: 4, y: 14, width: 92, height: 72 },
  /** The D: outer and inner contours, filled with the even-odd rule. */
  letter: "M26 14H52C75 14 89 29 89 50C89 71 75 86 52 86H26ZM38 25V75H51C67 75 77 64 77 50C77 36 67 25 51 25Z",
  /** The two lines, filled with the non-zero rule; their left ends are cut on a slant. */
  bars: "M4 36H96V44H10ZM4 56H96V64H10Z",
  /** Accessible text and copy-paste text of the sign (CBUAE: the sign or 'AED', never both visibly). */
  text: "AED",
} as const;
