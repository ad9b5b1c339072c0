import { dirhamSign } from "@khayl/contract/dirham-sign";
import { CURRENCY_LABEL, formatAmount } from "@khayl/contract/money";

const { x, y, width, height } = dirhamSign.viewBox;

/**
 * The UAE dirham sign (U+20C3) drawn as an inline SVG the height of a capital letter
 * (no font has the glyph yet; docs/decisions/008-dirham-sign.md). Decorative: the
 * amount carries 'AED' as text for screen readers and copy-paste.
 */
export function DirhamSign({ className = "" }: { className?: string }) {
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
 * e.g. '⃃ 396.00'; screen readers and copied text get 'AED 396.00'.
 */
export function Money({ fils, className = "" }: { fils: number; className?: string }) {
  return (
    <span className={`whitespace-nowrap tabular-nums ${className}`}>
      <DirhamSign className="me-[0.22em]" />
      <span className="sr-only">{CURRENCY_LABEL} </span>
      {formatAmount(fils)}
    </span>
  );
}
