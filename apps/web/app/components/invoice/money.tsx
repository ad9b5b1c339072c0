import { dirhamSign } from "@khayl/contract/dirham-sign";
import { CURRENCY_LABEL, formatAmount } from "@khayl/contract/money";
import { useLingui } from "@lingui/react/macro";

const { x, y, width, height } = dirhamSign.viewBox;

/**
 * The UAE dirham sign (U+20C3) drawn as an inline SVG the height of a capital letter
 * (no font has the glyph yet; docs/decisions/008-dirham-sign.md). Decorative: the
 * amount carries 'AED' (Arabic: 'درهم') as text for screen readers and copy-paste.
 */
function DirhamSign({ className = "" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`${x} ${y} ${width} ${height}`}
      className={`inline-block h-[0.72em] w-auto fill-current align-baseline ${className}`}
    >
      <path d={dirhamSign.letter} fillRule="evenodd" />
      <path d={dirhamSign.bars} />
    </svg>
  );
}

/**
 * An amount in fils shown as the dirham sign and the number with 2 decimals (product §9),
 * e.g. '⃃ 396.00'; screen readers and copied text get 'AED 396.00'. The amount is one
 * left-to-right unit (`dir="ltr"`, isolated from the text around it) with the sign at the
 * left of the digits in both languages: before the number as the CBUAE asks, and in Arabic
 * after it in reading order, where Arabic writes its currency ('396.00 درهم', which is
 * what an Arabic screen reader and copied text get; decision 008). Kept on one line, unless
 * `wrap` (a total in large type, which at a phone's largest text is wider than its screen):
 * then it may break after the sign, never inside the number, which would misread.
 */
export function Money({ fils, className = "", wrap = false }: { fils: number; className?: string; wrap?: boolean }) {
  const { t, i18n } = useLingui();
  const arabic = i18n.locale === "ar";
  // Read out with the amount: the ISO code in English, the currency's name on an Arabic page.
  const currency = arabic
    ? t({ message: "AED", comment: "The currency read out after an amount (screen readers, copied text)" })
    : CURRENCY_LABEL;
  return (
    <span dir="ltr" className={`${wrap ? "wrap-normal" : "whitespace-nowrap"} tabular-nums ${className}`}>
      <DirhamSign className="me-[0.22em]" />
      {wrap ? <wbr /> : null}
      {arabic ? null : <span className="sr-only">{currency} </span>}
      {formatAmount(fils)}
      {arabic ? <span className="sr-only"> {currency}</span> : null}
    </span>
  );
}
