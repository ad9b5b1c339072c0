import type { ServerBuild } from "react-router";
import { expect, test } from "vitest";
import { tooManyRequestsPathsOfBuild } from "./page-rules.ts";

/** A route of a build as React Router's server build lists it (only what the host reads). */
const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown) => ({
  id,
  parentId,
  path,
  module: { handle },
});

test("the 429 page is the route that declares it, under each language prefix, with its parents' paths", () => {
  const declared = { page: { scripts: false, tooManyRequests: true } };
  const routes = Object.fromEntries(
    [
      route("root", undefined, ""),
      route("routes/layouts/site", "root", undefined),
      route("routes/aboutus", "routes/layouts/site", "aboutus", { page: { scripts: false } }),
      route("routes/term-of-use", "root", "term-of-use", declared),
      route("ar/term-of-use", "root", "ar/term-of-use", declared),
      route("nested", "routes/layouts/site", "help/limits", declared),
    ].map((r) => [r.id, r]),
  ) as unknown as ServerBuild["routes"];
  expect(tooManyRequestsPathsOfBuild(routes)).toEqual(["/term-of-use", "/ar/term-of-use", "/help/limits"]);
  // A build whose routes declare none: the host has no path of its own to fall back on.
  expect(tooManyRequestsPathsOfBuild({ root: routes.root } as ServerBuild["routes"])).toEqual([]);
});
