import { localizedRedirect } from "../lib/i18n/link.tsx";
import type { Route } from "./+types/catch-all";

/** Any unknown path redirects to the home page (product §2): `/` or, under `/ar`, `/ar`. */
export function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/");
}

/** A form posted to an unknown path redirects too (product §2: GET and POST alike): `/` or `/ar`. */
export function action({ request }: Route.ActionArgs) {
  return localizedRedirect(request, "/");
}

/** Renders nothing: the loader and the action always redirect, so no visitor sees this route. */
export default function CatchAll() {
  return null;
}
