import { localizedRedirect } from "../lib/i18n/link.tsx";
import type { Route } from "./+types/catch-all";

/** Any unknown path redirects to the home page (product §2): `/` or, under `/ar`, `/ar`. */
export function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/");
}

export function action({ request }: Route.ActionArgs) {
  return localizedRedirect(request, "/");
}

export default function CatchAll() {
  return null;
}
