import type { SelectiveService } from "@khayl/contract/selective-services";
import type { Db } from "@khayl/db/client";
import type { selectiveServices } from "@khayl/db/schema";
import { findSelectiveServices, type SelectiveServiceFilter } from "./repository.ts";

/** Database row → the provider's selective-service shape (product §3); instants as ISO-8601 UTC. */
export function toSelectiveService(row: typeof selectiveServices.$inferSelect): SelectiveService {
  return {
    id: row.id,
    type: row.type,
    departureAirport: row.departureAirportCode
      ? { code: row.departureAirportCode, name: row.departureAirportName }
      : null,
    arrivalAirport: row.arrivalAirportCode ? { code: row.arrivalAirportCode, name: row.arrivalAirportName } : null,
    fromCountry: row.fromCountry,
    toCountry: row.toCountry,
    selectiveCode: row.selectiveCode,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
  };
}

/** `GET /selective-services/website`: default page of 10 (product §9 default slice for services). */
export async function listWebsiteSelectiveServices(db: Db, query: Partial<SelectiveServiceFilter>) {
  const { rows, count } = await findSelectiveServices(db, {
    limit: query.limit ?? 10,
    offset: query.offset ?? 0,
    showOnWebsite: query.showOnWebsite,
    type: query.type,
  });
  return { rows: rows.map(toSelectiveService), count };
}
