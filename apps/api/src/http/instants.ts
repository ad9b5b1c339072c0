/**
 * A schedule's instant (a show's or flight's start or end, `timestamptz`) as the API sends
 * it: ISO 8601 in UTC (`2026-12-04T20:00:00.000Z`), or `null` when there is none, or when
 * the row holds one no client can read (PostgreSQL's `infinity`, a year beyond 9999 or
 * before 1): the field is then missing, as product §3's fallbacks and '-' have it, and one
 * odd row no longer fails the whole list.
 */
export function isoInstant(date: Date | null | undefined): string | null {
  if (!date || !Number.isFinite(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date.toISOString() : null;
}
