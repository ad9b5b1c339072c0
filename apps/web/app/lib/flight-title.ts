import { flightTypeBySlug } from "@khayl/contract/flight-types";
import type { SelectiveService } from "@khayl/contract/selective-services";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The words of a flight (product §2, show and flight pages) that its page, its share card, its WhatsApp message and
 * its calendar entry all use. Each is one whole sentence per flight type, so that a
 * translator sees 'Import flight {from} to {to}' rather than a translated 'Import' put into
 * another sentence (which Arabic, with its word order and agreement, cannot always take).
 */

type FlightRoute = Pick<SelectiveService, "type" | "departureAirport" | "arrivalAirport">;

/** The departure and arrival airport codes of a flight, '-' when unknown. */
function route(flight: FlightRoute): { from: string; to: string } {
  return { from: flight.departureAirport?.code ?? "-", to: flight.arrivalAirport?.code ?? "-" };
}

/**
 * A flight's title in `i18n`'s language: 'Import flight LGG to DWC' or 'Export flight DWC to
 * LGG' (product §3: only Import and Export flights are shown; anything else reads as Export).
 */
export function flightTitle(i18n: I18n, flight: FlightRoute): string {
  const { from, to } = route(flight);
  return flightTypeBySlug(flight.type) === "import"
    ? i18n._(msg`Import flight ${from} to ${to}`)
    : i18n._(msg`Export flight ${from} to ${to}`);
}

/**
 * The WhatsApp message about a flight in `i18n`'s language: 'Hello, I would like to ship
 * horses on the Import flight LGG to DWC departing {departure}: {pageUrl}', or without
 * 'departing …' when `departure` is null (no departure time yet).
 */
export function flightWhatsAppText(i18n: I18n, flight: FlightRoute, departure: string | null, pageUrl: string): string {
  const { from, to } = route(flight);
  if (departure === null)
    return flightTypeBySlug(flight.type) === "import"
      ? i18n._(msg`Hello, I would like to ship horses on the Import flight ${from} to ${to}: ${pageUrl}`)
      : i18n._(msg`Hello, I would like to ship horses on the Export flight ${from} to ${to}: ${pageUrl}`);
  return flightTypeBySlug(flight.type) === "import"
    ? i18n._(
        msg`Hello, I would like to ship horses on the Import flight ${from} to ${to} departing ${departure}: ${pageUrl}`,
      )
    : i18n._(
        msg`Hello, I would like to ship horses on the Export flight ${from} to ${to} departing ${departure}: ${pageUrl}`,
      );
}
