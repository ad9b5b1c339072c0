import { expect, test } from "vitest";
import { readAll } from "./watcher.ts";

/** A list endpoint of `total` rows (ids 1…total), paged by `limit` 1 000 from `offset`. */
const pages = (ids: (offset: number) => number[], total: number) => async (offset: number) => ({
  rows: ids(offset).map((id) => ({ id })),
  count: total,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i + 1);

test("a schedule of several pages is read whole", async () => {
  const rows = await readAll(pages((offset) => range(offset, Math.min(offset + 1000, 1010)), 1010));
  expect(rows).toHaveLength(1010);
});

// Round twenty, the session's own diff: ended entries move behind the upcoming ones at Dubai
// midnight; a read whose pages straddle it got ten entries twice and ten never, and the run
// then mailed those ten as cancelled.
test("an entry that comes back on a second page fails the read rather than miss others", async () => {
  const moved = pages((offset) => (offset === 0 ? range(0, 1000) : range(990, 1000)), 1010);
  await expect(readAll(moved)).rejects.toThrow(/order moved/);
});
