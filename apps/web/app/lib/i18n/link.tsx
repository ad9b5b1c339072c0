import {
  type LinkProps,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  redirect as routerRedirect,
} from "react-router";
import { languageOfRequest, localizedPath } from "./language.ts";
import { useLanguage } from "./lingui.tsx";

/** A path of this site in the page's language (`/flights` → `/ar/flights` on an Arabic page). */
function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(path, language);
}

function localizedTo(to: LinkProps["to"], localize: (path: string) => string): LinkProps["to"] {
  if (typeof to === "string") return localize(to);
  return to.pathname ? { ...to, pathname: localize(to.pathname) } : to;
}

/** React Router's `Link` that keeps the page's language: `to="/flights"` leads to `/ar/flights` on Arabic pages. */
export function Link({ to, ...props }: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const localize = useLocalizedPath();
  return <RouterLink to={localizedTo(to, localize)} {...props} />;
}

/** React Router's `NavLink` that keeps the page's language (see `Link`). */
export function NavLink({ to, ...props }: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const localize = useLocalizedPath();
  return <RouterNavLink to={localizedTo(to, localize)} {...props} />;
}

/** A redirect to a site path in the language of `request` (loaders and actions). */
export function localizedRedirect(request: Request, path: string, init?: number | ResponseInit): Response {
  return routerRedirect(localizedPath(path, languageOfRequest(request)), init);
}
