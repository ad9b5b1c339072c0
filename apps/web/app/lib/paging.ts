/** Cards shown per step of a schedule grid: fills 1, 2, 3 or 4 columns evenly. */
export const CARDS_PER_STEP = 24;

/**
 * How many of `total` cards a schedule page shows for its `?show=` value: a whole
 * number of steps, at least one step, at most `total`. A missing or bad value is the
 * first step. (The list is still fetched with product §7's page size; only the grid grows
 * in steps, so a phone never receives a thousand cards at once.)
 */
export function shownCount(show: string | null, total: number): number {
  const asked = Number(show);
  const steps = Number.isInteger(asked) && asked > 0 ? Math.ceil(asked / CARDS_PER_STEP) : 1;
  return Math.min(total, steps * CARDS_PER_STEP);
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
