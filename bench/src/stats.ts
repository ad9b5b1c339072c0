import { gzipSync } from "node:zlib";

/**
 * The median of `values` (the mean of the two middle values for an even count), or
 * `null` for an empty list. `null` entries (a metric a run could not measure) are
 * ignored. Does not modify `values`.
 */
export function median(values: readonly (number | null | undefined)[]): number | null {
  const sorted = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  // The two middle values (the same one for an odd count); none for an empty list.
  const lower = sorted[Math.ceil(sorted.length / 2) - 1];
  const upper = sorted[Math.floor(sorted.length / 2)];
  return lower === undefined || upper === undefined ? null : (lower + upper) / 2;
}

/**
 * The `p`-th percentile (0–100) of `values` by the nearest-rank method, or `null` for an
 * empty list (p90 of 10 samples is the 9th smallest).
 */
export function percentile(values: readonly number[], p: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

/**
 * The index of the run whose `key` is closest to the median of all runs' `key` (the
 * first such run on ties), so its details (failed audits) represent the median.
 * Answers 0 when no run has a value.
 */
export function medianIndex<T>(runs: readonly T[], key: (run: T) => number | null): number {
  const m = median(runs.map(key));
  if (m === null) return 0;
  let best = 0;
  let bestDistance = Infinity;
  runs.forEach((run, index) => {
    const value = key(run);
    if (value === null) return;
    const distance = Math.abs(value - m);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** Size in bytes of `data` gzipped at level 9 (how the budgets count "gzip"). */
export function gzipSize(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}
