import { Link } from "../../lib/i18n/link.tsx";

export interface ChipItem {
  label: string;
  /** Where the chip goes: the same page with its query string changed (architecture §3.1). */
  to: string;
  active: boolean;
}

/**
 * Filter chips as links (architecture §3.1): shareable, back-button friendly, working
 * before JavaScript loads. The active chip carries `aria-current="page"`.
 */
export function Chips({ label, items }: { label: string; items: ChipItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              preventScrollReset
              aria-current={item.active ? "page" : undefined}
              className={`inline-block rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
                item.active
                  ? "border-brand bg-brand text-white"
                  : "border-slate-300 bg-white text-ink hover:border-brand hover:text-brand"
              }`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
