/**
 * A decorative line icon (one 24 × 24 SVG path, drawn with the text colour) in a soft
 * brand tile: the feature cards of the home page and the service and value cards of
 * /aboutus (product §2). Hidden from assistive technology: the card's heading says it.
 */
export function TileIcon({ d }: { d: string | undefined }) {
  return (
    <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6 stroke-current"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
    </span>
  );
}
