import { usePublicConfig } from "../lib/config.ts";
import { Link } from "../lib/i18n/link.tsx";

/**
 * The company wordmark linking home; its name breaks between words (inside one only when it
 * is wider than the line). `compact` (the header and its menu, beside other controls): where
 * the text is large for the screen (narrower than 20em, a phone at 200 % text) only the mark
 * shows, the name kept for screen readers, instead of a name broken over lines taller than
 * the bar.
 */
export function Logo({ tone = "dark", compact = false }: { tone?: "dark" | "light"; compact?: boolean }) {
  const config = usePublicConfig();
  return (
    <Link to="/" className={`inline-flex items-center gap-2 font-bold ${tone === "dark" ? "text-ink" : "text-white"}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand" />
        <path d="M9 24c1-5 3-8 6-10l-1-4 3 2 2-3 1 4c2 1 4 3 4 6l-2 1-2-2-3 1-2 5z" className="fill-accent-300" />
      </svg>
      <span className={`text-lg wrap-break-word ${compact ? "max-[20em]:sr-only" : ""}`}>{config.companyName}</span>
    </Link>
  );
}
