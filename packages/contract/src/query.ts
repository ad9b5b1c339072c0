/**
 * Builds a query string the way product §7 describes: each payload key is appended as
 * `name=value`; arrays are sent as repeated names (architecture §3.2); `undefined` and
 * `null` values are left out. Returns the string with its leading `?`, or `""`.
 *
 * @example buildQueryString({ limit: 100, offset: 0, eventDisciplines: [3] })
 *   // "?limit=100&offset=0&eventDisciplines=3"
 */
export function buildQueryString(payload: Record<string, unknown> | undefined): string {
  if (!payload) return "";
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      params.append(name, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Offsets are sent as limit times page index (product §7); `pageIndex` starts at 0. */
export function offsetFor(limit: number, pageIndex: number): number {
  return limit * pageIndex;
}
