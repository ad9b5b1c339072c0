import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Spinner } from "./ui/spinner.tsx";
import { useT } from "../lib/i18n/index.ts";

/**
 * A responsive grid of cards with the list states of SPEC §4: the empty text when
 * there are no items, and a spinner over the grid while a chip re-fetches the list.
 */
export function CardGrid<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T) => ReactNode }) {
  const navigation = useNavigation();
  const t = useT();
  const refetching = navigation.state === "loading";
  return (
    <div className="relative" aria-busy={refetching}>
      {refetching ? (
        <div className="absolute inset-x-0 top-4 z-10 flex justify-center text-brand">
          <Spinner label={t.common.loading} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">{empty}</p>
      ) : (
        <ul className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${refetching ? "opacity-50" : ""}`}>
          {items.map((item, index) => (
            <li key={index}>{render(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
