import type { ApiClient } from "@khayl/contract/client";
import { eventEndpoints } from "@khayl/contract/events";
import { isShownFlight } from "@khayl/contract/flight-types";
import { flightRoute, type SelectiveService, selectiveServiceEndpoints } from "@khayl/contract/selective-services";
import type { Db } from "@khayl/db/client";
import type { Language } from "../../http/language.ts";
import { getWebsiteEvent } from "../events/service.ts";
import { getWebsiteSelectiveService } from "../selective-services/service.ts";

/**
 * How alerts name one show or flight of the website's schedule (decision 028): a show by
 * its `eventName`, a flight by its route ('LHR → DXB'), in the language asked for;
 * `null` when it is not on the schedule (unknown, hidden from the website, or a flight
 * neither import nor export, which the website does not show); `undefined` when the
 * schedule could not be read (the provider behind `API_URL` down): the alert is then taken
 * and named by its number.
 */
export type ScheduleNameReader = (
  watch: "show" | "flight",
  id: number,
  language: Language,
  /** The visitor's address, which a provider's read budget counts the read against (`x-forwarded-for`). */
  clientIp: string,
) => Promise<string | null | undefined>;

/**
 * The name of a show or flight read by `read`, or `null` when `read` answers the API's own
 * 404 (a 404 without the envelope, a proxy's page or a wrong `API_URL` path, is an error).
 */
async function nameOrNull(
  read: () => Promise<{ kind: "show"; name: string } | { kind: "flight"; flight: SelectiveService }>,
): Promise<string | null> {
  try {
    const item = await read();
    if (item.kind === "show") return item.name;
    return isShownFlight(item.flight) ? flightRoute(item.flight) : null;
  } catch (error) {
    const failed = error as { statusCode?: unknown; fromServer?: boolean };
    if (failed.statusCode === 404 && failed.fromServer !== false) return null;
    throw error;
  }
}

/** Names from this API's own schedule (the database behind `db`): the whole API in one process. */
export function ownScheduleNames(db: Db): ScheduleNameReader {
  return (watch, id, language) =>
    nameOrNull(async () =>
      watch === "show"
        ? { kind: "show", name: (await getWebsiteEvent(db, id, language)).eventName }
        : { kind: "flight", flight: await getWebsiteSelectiveService(db, id, language) },
    );
}

/**
 * Names from the provider's schedule through the contract client `api` makes for a language
 * and a visitor (`API_URL`): any failure but the API's own 404 (the provider down, a
 * timeout, a proxy's page) is logged and answers `undefined`.
 */
export function clientScheduleNames(
  api: (language: Language, clientIp: string) => ApiClient,
  log: { warn(obj: object, msg: string): void },
): ScheduleNameReader {
  return async (watch, id, language, clientIp) => {
    const client = api(language, clientIp);
    try {
      return await nameOrNull(async () =>
        watch === "show"
          ? { kind: "show", name: (await client.call(eventEndpoints.getWebsite, { params: { id } })).eventName }
          : { kind: "flight", flight: await client.call(selectiveServiceEndpoints.getWebsite, { params: { id } }) },
      );
    } catch (error) {
      log.warn({ err: (error as Error).message, watch, id }, "alerts could not read the schedule");
      return undefined;
    }
  };
}
