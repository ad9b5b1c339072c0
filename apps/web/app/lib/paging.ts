/** Cards shown per step of a schedule grid: fills 1, 2, 3 or 4 columns evenly. */
export const CARDS_PER_STEP = 24;

/**
 * How many of `total` cards a schedule page shows for its `?show=` value: a whole
 * number of steps, at least one step, at most `total`. A missing or bad value is the
 * first step. (The list is still fetched with product §7's page size; only the grid grows
 * in steps, so a phone never receives a thousand cards at once.)
 */
export function shownCount(show: string | null, total: number): number {
  return Math.min(total, stepsAsked(show) * CARDS_PER_STEP);
}

/** The whole steps a `?show=` value asks for: at least one; a missing or bad value is one. */
function stepsAsked(show: string | null): number {
  const asked = Number(show);
  return Number.isInteger(asked) && asked > 0 ? Math.ceil(asked / CARDS_PER_STEP) : 1;
}

/**
 * Where a schedule page whose `?show=` asks for more steps than its `total` cards fill sends
 * the visitor: the same path and query with `show` at the fewest steps that show them all
 * (none for one step), without a fragment; `undefined` when `show` asks for no more than
 * that. The page answers it as a redirect that is never kept (decision 017: every step past
 * the list would otherwise be one more copy of the same page in the page cache, up to
 * product §7's list limit).
 */
export function showPastListHref(url: URL, total: number): string | undefined {
  const needed = Math.max(1, Math.ceil(total / CARDS_PER_STEP));
  if (stepsAsked(url.searchParams.get("show")) <= needed) return undefined;
  const next = new URLSearchParams(url.searchParams);
  if (needed === 1) next.delete("show");
  else next.set("show", String(needed * CARDS_PER_STEP));
  const query = next.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The id of the first card of a step after the first (`shown` cards before it), e.g.
 * `show-25`: the "Show more" link's fragment (decision 024).
 */
export function stepAnchor(shown: number): string {
  return `show-${shown + 1}`;
}

/**
 * The link to the next step: the same query with `show` raised by one step, and the first
 * new card as its fragment. Without any script (a content page, decision 024) the link is
 * a page load: the fragment scrolls the new cards into view and starts the keyboard's
 * sequential focus there, so Tab reaches the first new card rather than the page's top.
 */
export function showMoreHref(pathname: string, search: URLSearchParams, shown: number): string {
  const next = new URLSearchParams(search);
  next.set("show", String(shown + CARDS_PER_STEP));
  return `${pathname}?${next.toString()}#${stepAnchor(shown)}`;
}
