import { data } from "react-router";

/**
 * Reads `load` for a page, or, when the API read fails (API down, 5xx, timeout), logs it
 * and throws a 503 the root error screen shows as 'Temporarily unavailable' in the page's
 * language (product §4): never an empty list, which the page cache and shared caches would
 * keep and show to everyone as "nothing scheduled" (a 503 is `private, no-store`).
 */
export async function orUnavailable<T>(
  context: { log: { warn(obj: object, msg: string): void } },
  what: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    context.log.warn({ err: error }, `${what} failed to load`);
    throw data(null, { status: 503, statusText: "Service Unavailable" });
  }
}
