import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Env } from "@khayl/config/env";
import { type PageRules, pageRulesOf } from "@khayl/contract/page-rules";
import type { FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { type PageRoute, pageCacheKeys } from "./page-cache-keys.ts";
import { pageMethodsOfBuild, pageRulesOfBuild, tooManyRequestsPathsOfBuild } from "./page-rules.ts";

/** What the host takes from the web app: its request handler and what its routes declare. */
export interface WebApp {
  handle: ReturnType<typeof createRequestHandler>;
  /** The page cache's key of a request (decision 017); undefined in dev, which renders every page. */
  pageCacheKey: ((request: FastifyRequest, secure: boolean) => PageRoute) | undefined;
  /** The page rules (decision 019) of a request URL; in dev every page has the rules no route declared (`pageRulesOf([])`): public, with scripts. */
  pageRules: (url: URL) => PageRules;
  /** The methods a page URL takes (`pageMethodsOfBuild`); undefined in dev, where React Router answers every method. */
  pageMethods: ((url: URL) => readonly string[]) | undefined;
  /** The paths of the page a route declares as the "too many requests" screen (decision 025); none in dev, which has no render budget. */
  tooManyRequestsPaths: readonly string[];
}

/**
 * The web app of this process. In development, Vite's build of each request (`loadBuild`);
 * in production, the built server entry under `webBuildDir` (throws when it is missing:
 * run `npm run build`), whose route modules' `handle` exports declare the page rules and
 * the page cache's keys and the "too many requests" page (decisions 017, 019, 025), and
 * whose `action` exports say which pages take posts: the host holds no copy of the routes.
 */
export async function loadWebApp(
  env: Env,
  webBuildDir: string,
  loadBuild: (() => Promise<ServerBuild>) | undefined,
): Promise<WebApp> {
  if (loadBuild)
    return {
      handle: createRequestHandler(loadBuild, "development"),
      pageCacheKey: undefined,
      pageRules: () => pageRulesOf([]),
      pageMethods: undefined,
      tooManyRequestsPaths: [],
    };
  const serverEntry = path.join(webBuildDir, "server", "index.js");
  if (!existsSync(serverEntry)) throw new Error(`The web build is missing (${serverEntry}); run \`npm run build\`.`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return {
    handle: createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development"),
    pageCacheKey: pageCacheKeys(build.routes, env.PRODUCT_NAME),
    pageRules: pageRulesOfBuild(build),
    pageMethods: pageMethodsOfBuild(build.routes),
    tooManyRequestsPaths: tooManyRequestsPathsOfBuild(build.routes),
  };
}
