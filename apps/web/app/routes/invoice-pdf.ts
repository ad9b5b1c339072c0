import type { RouteHandle } from "@khayl/contract/page-rules";
import { invoicePdfResponse } from "../lib/invoice.server.ts";
import type { Route } from "./+types/invoice-pdf";

/** Under an invoice link, a secret (decision 019): never kept, indexed or logged with its token. */
export const handle = { page: { private: true } } satisfies RouteHandle;

/**
 * `GET /invoice/{hash}/pdf` (resource route): the invoice PDF from the API's
 * print-pdf-by-link (product §7), opened by the page's Download and Receipt buttons in a
 * new tab; the error envelope with the API's status on failure (`invoicePdfResponse`).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return invoicePdfResponse(context, request, params.hash);
}
