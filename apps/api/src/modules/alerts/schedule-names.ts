import type { ApiClient } from "@khayl/contract/client";
import { eventEndpoints } from "@khayl/contract/events";
import { isShownFlight } from "@khayl/contract/flight-types";
import { type SelectiveService, selectiveServiceEndpoints } from "@khayl/contract/selective-services";
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
) => Promise<string | null | undefined>;

/** A flight's route as alerts write it: `LHR → DXB` (airport codes, else countries, else `?`). */
export function flightRoute(
  flight: Pick<SelectiveService, "departureAirport" | "arrivalAirport" | "fromCountry" | "toCountry">,
): string {
  const from = flight.departureAirport?.code ?? flight.fromCountry ?? "?";
  const to = flight.arrivalAirport?.code ?? flight.toCountry ?? "?";
  return `${from} → ${to}`;
}

/** The name of a show or flight read by `read`, or `null` when `read` answers 404. */
async function nameOrNull(
  read: () => Promise<{ kind: "show"; name: string } | { kind: "flight"; flight: SelectiveService }>,
): Promise<string | null> {
  try {
    const item = await read();
    if (item.kind === "show") return item.name;
    return isShownFlight(item.flight) ? flightRoute(item.flight) : null;
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 404) return null;
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
 * Names from the provider's schedule through the contract client of `language` (`API_URL`):
 * any failure but a 404 (the provider down, a timeout) is logged and answers `undefined`.
 */
export function clientScheduleNames(
  api: (language: Language) => ApiClient,
  log: { warn(obj: object, msg: string): void },
): ScheduleNameReader {
  return async (watch, id, language) => {
    try {
      return await nameOrNull(async () =>
        watch === "show"
          ? { kind: "show", name: (await api(language).call(eventEndpoints.getWebsite, { params: { id } })).eventName }
          : {
              kind: "flight",
              flight: await api(language).call(selectiveServiceEndpoints.getWebsite, { params: { id } }),
            },
      );
    } catch (error) {
      log.warn({ err: (error as Error).message, watch, id }, "alerts could not read the schedule");
      return undefined;
    }
  };
}
