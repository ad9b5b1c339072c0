import type { RouteHandle } from "@khayl/contract/page-rules";
import { methodNotAllowed, paymentAction } from "../lib/invoice.server.ts";
import type { Route } from "./+types/invoice-payment";

/** Under an invoice link, a secret (decision 019): never kept, indexed or logged with its token. */
export const handle = { page: { private: true } } satisfies RouteHandle;

/**
 * `POST /invoice/{hash}/payment` (resource route, JSON, same origin): one step of the
 * invoice payment (create, sandbox-confirm, confirm), relayed to the API; under `/ar` its
 * messages are Arabic.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return paymentAction(request, context, params.hash);
}

/** Only POST is meant; a GET answers 405 instead of a page. */
export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request);
}
