import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { Link } from "../lib/i18n/link.tsx";
import { CARDS_PER_STEP, stepAnchor } from "../lib/paging.ts";
import { Spinner } from "./ui/spinner.tsx";

/**
 * The grid shows the first `shown` of `total` items; `moreHref` leads to the next step;
 * `summary` says so in words, with the plural rules of the page's language (e.g. 'Showing
 * 24 of 1000 flights').
 */
export interface GridMore {
  shown: number;
  total: number;
  moreHref: string;
  summary: string;
}

/**
 * A responsive grid of cards with the list states of product §4: the empty text when
 * there are no items, and a spinner over the grid while a chip re-fetches the list.
 * With `more`, a long list grows in steps: 'Showing 24 of 1000 flights' and a 'Show more' link
 * (a plain link, so it works without JavaScript: its fragment names the first new card, so
 * the page load scrolls to it and Tab goes on from there; in a browser running the app the
 * page keeps its scroll position and focus moves to the first new card).
 */
export function CardGrid<T>({
  items,
  itemKey,
  empty,
  render,
  more,
}: {
  items: T[];
  /** What tells items apart (their id): a card stays with its item when the list changes. */
  itemKey: (item: T) => string | number;
  empty: string;
  render: (item: T) => ReactNode;
  more?: GridMore;
}) {
  const navigation = useNavigation();
  const { t } = useLingui();
  const refetching = navigation.state === "loading";
  const list = useRef<HTMLUListElement>(null);
  const previousCount = useRef(items.length);
  useEffect(() => {
    const before = previousCount.current;
    previousCount.current = items.length;
    if (items.length > before && before > 0) {
      list.current?.children[before]?.querySelector<HTMLElement>("button, a")?.focus();
    }
  }, [items.length]);
  return (
    <div className="relative grid gap-6" aria-busy={refetching}>
      {refetching ? (
        <div className="absolute inset-x-0 top-4 z-10 flex justify-center text-brand">
          <Spinner label={t`Loading…`} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
          {empty}
        </p>
      ) : (
        <ul ref={list} className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${refetching ? "opacity-50" : ""}`}>
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              // The first card of each later step is the "Show more" link's fragment (lib/paging.ts).
              id={index > 0 && index % CARDS_PER_STEP === 0 ? stepAnchor(index) : undefined}
              // After the first two a card starts below a phone's first screen: the browser
              // skips its rendering until it nears the viewport (decision 024, ninth round).
              className={index < 2 ? "scroll-mt-24" : "below-fold-card scroll-mt-24"}
            >
              {render(item)}
            </li>
          ))}
        </ul>
      )}
      {more && more.total > CARDS_PER_STEP ? (
        <div className="flex flex-col items-center gap-3">
          <p className="text-slate-700">{more.summary}</p>
          {more.shown < more.total ? (
            <Link
              to={more.moreHref}
              preventScrollReset
              className={
                "inline-flex min-h-11 items-center rounded-full border border-brand px-6 py-2 font-semibold " +
                "text-brand hover:bg-brand-50"
              }
            >
              {t`Show more`}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
