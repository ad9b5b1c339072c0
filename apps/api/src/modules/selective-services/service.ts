import { type SelectiveService, selectiveServiceNotFound } from "@khayl/contract/selective-services";
import type { Db } from "@khayl/db/client";
import type { selectiveServices } from "@khayl/db/schema";
import { HttpError } from "../../http/errors.ts";
import { isoInstant } from "../../http/instants.ts";
import { type Language, localizedTexts } from "../../http/language.ts";
import { findSelectiveServices, findWebsiteSelectiveService, type SelectiveServiceFilter } from "./repository.ts";

/**
 * Database row → the provider's selective-service shape (product §3) in `language` (Arabic
 * country and airport names when the flight has them, else English: decision 016); instants
 * as ISO-8601 UTC. Codes (airports, `selectiveCode`) are the same in every language.
 */
function toSelectiveService(row: typeof selectiveServices.$inferSelect, language: Language): SelectiveService {
  const { fromCountry, toCountry, departureAirportName, arrivalAirportName } = row;
  const localized = localizedTexts(
    { fromCountry, toCountry, departureAirportName, arrivalAirportName },
    row.translations,
    language,
  );
  const texts = localized.texts;
  return {
    id: row.id,
    type: row.type,
    language: localized.language,
    departureAirport: row.departureAirportCode
      ? { code: row.departureAirportCode, name: texts.departureAirportName }
      : null,
    arrivalAirport: row.arrivalAirportCode ? { code: row.arrivalAirportCode, name: texts.arrivalAirportName } : null,
    fromCountry: texts.fromCountry,
    toCountry: texts.toCountry,
    selectiveCode: row.selectiveCode,
    startDate: isoInstant(row.startDate),
    endDate: isoInstant(row.endDate),
    showOnWebsite: row.showOnWebsite,
  };
}

/** `GET /selective-services/website`: default page of 10 (product §9 default slice for services). */
export async function listWebsiteSelectiveServices(
  db: Db,
  query: Partial<SelectiveServiceFilter>,
  language: Language = "en",
) {
  const { rows, count } = await findSelectiveServices(db, {
    limit: query.limit ?? 10,
    offset: query.offset ?? 0,
    showOnWebsite: query.showOnWebsite,
    type: query.type,
  });
  return { rows: rows.map((row) => toSelectiveService(row, language)), count };
}

/**
 * `GET /selective-services/website/{id}`: the flight for its own page, or `HttpError(404,
 * 'Selective service not found.')` when it does not exist or is not shown on the website
 * (product §2, show and flight pages). Any type is answered; the website shows only Import and Export.
 */
export async function getWebsiteSelectiveService(
  db: Db,
  id: number,
  language: Language = "en",
): Promise<SelectiveService> {
  const row = await findWebsiteSelectiveService(db, id);
  if (!row) throw new HttpError(404, selectiveServiceNotFound);
  return toSelectiveService(row, language);
}
