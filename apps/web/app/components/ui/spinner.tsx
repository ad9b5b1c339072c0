/** A loading spinner with an accessible label (product §4: loading states). */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-current border-e-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
