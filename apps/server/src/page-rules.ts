import { declaresTooManyRequestsPage, type PageRules, pageRulesOf } from "@khayl/contract/page-rules";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** React Router's data request for a URL: `/ar/invoice/x.data`, and `/_root.data` for `/`. */
const DATA_SUFFIX = /(?:\/_root)?\.data$/;

/**
 * The page rules (decision 019) of a request URL, read from the `handle` exports of the
 * routes of the web build it matches, with React Router's own matching (`matchRoutes`: case
 * does not matter, escapes are decoded, a `.data` request is its page's). Nothing is
 * matched on the path's spelling here: a route's declaration covers it under every language
 * prefix. `url` is the request's URL as the page's render reads it (`pageUrl`); when nothing
 * matched, answers the rules no route declared (`pageRulesOf([])`: public, with scripts, no
 * personal data).
 * React Router's route discovery (`/__manifest?paths=…`, which a hydrated page asks for the
 * routes of its own URL and of its links) answers for every path it lists, so its rules are
 * those of all their routes: private when one of them is (an invoice page lists its own
 * URL, the token in it; React Router would have it kept a year by every cache).
 */
export function pageRulesOfBuild(
  build: Pick<ServerBuild, "routes" | "routeDiscovery" | "basename">,
): (url: URL) => PageRules {
  const matchesOf = routeMatcher(build.routes);
  const handlesOf = (pathname: string): unknown[] => matchesOf(pathname).map((route) => route.handle);
  // As React Router finds its manifest requests: the exact path, under the build's basename.
  const segments = [...(build.basename ?? "").split("/"), ...build.routeDiscovery.manifestPath.split("/")];
  const manifestPath = build.routeDiscovery.mode === "lazy" ? `/${segments.filter(Boolean).join("/")}` : undefined;
  return (url) => {
    if (url.pathname !== manifestPath) return pageRulesOf(handlesOf(url.pathname));
    const paths = (url.searchParams.get("paths") ?? "").split(",").filter(Boolean);
    return pageRulesOf(paths.flatMap((path) => handlesOf(path.startsWith("/") ? path : `/${path}`)));
  };
}

/** A route of the build as `routeMatcher` answers it: what it declares and whether it takes posts. */
interface MatchedRoute {
  handle: unknown;
  hasAction: boolean;
}

/**
 * The routes of the web build a path matches, root first, with React Router's own matching
 * (`matchRoutes`: case does not matter, escapes are decoded, a `.data` request is its
 * page's); none when nothing matched.
 */
function routeMatcher(routes: ServerBuild["routes"]): (pathname: string) => MatchedRoute[] {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).flatMap((route): RouteObject[] => {
      if (!route) return [];
      const matched: MatchedRoute = {
        handle: route.module.handle,
        hasAction: typeof route.module.action === "function",
      };
      const common = {
        id: route.id,
        caseSensitive: route.caseSensitive ?? false,
        handle: matched,
        ...(route.path === undefined ? {} : { path: route.path }),
      };
      return [route.index ? { ...common, index: true } : { ...common, children: tree(route.id) }];
    });
  const roots = tree(undefined);
  return (pathname) =>
    (matchRoutes(roots, pathname.replace(DATA_SUFFIX, "") || "/") ?? []).map(
      (match) => match.route.handle as MatchedRoute,
    );
}

/**
 * The methods a page request may use, from the web build's routes (`routeMatcher`): `GET`
 * and `HEAD`, and `POST` where the page's own route has an action (a form: contact,
 * deletion, alerts, the invoice's payment). React Router hands every other method to that
 * action as if it were a post, so the host refuses them first (405 with `Allow`: a `PUT`
 * or `DELETE`, which a client may repeat, filed a second contact request).
 */
export function pageMethodsOfBuild(routes: ServerBuild["routes"]): (url: URL) => readonly string[] {
  const matchesOf = routeMatcher(routes);
  return (url) => (matchesOf(url.pathname).at(-1)?.hasAction ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"]);
}

/**
 * The paths of the routes of the web build that declare they render the host's "too many
 * requests" screen (`handle.page.tooManyRequests`, decision 025), one per language prefix
 * that reuses the route (`/term-of-use`, `/ar/term-of-use`): each route's path joined with
 * its parents'. Empty when no route declares it.
 */
export function tooManyRequestsPathsOfBuild(routes: ServerBuild["routes"]): string[] {
  const fullPath = (route: ServerBuild["routes"][string]): string => {
    const parts: string[] = [];
    for (let at = route; at; at = at.parentId ? routes[at.parentId] : undefined) if (at.path) parts.unshift(at.path);
    return `/${parts.join("/")}`;
  };
  return Object.values(routes).flatMap((route) =>
    route && declaresTooManyRequestsPage(route.module.handle) ? [fullPath(route)] : [],
  );
}
