import type { PageQuery, RouteHandle } from "@khayl/contract/page-rules";
import type { FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { pageCacheKeys } from "./page-cache-keys.ts";

/** A page component (the page cache keeps only routes with one). */
const Page = () => null;

/**
 * A web build of a root layout and its pages, each `{ path: handle }`: the cache keys are
 * made from what these routes declare, nothing else.
 */
function buildOf(pages: Record<string, RouteHandle | undefined>): ServerBuild["routes"] {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: Page } } as unknown as ServerBuild["routes"][string],
  };
  for (const [path, handle] of Object.entries(pages))
    routes[path] = { id: path, parentId: "root", path, module: { default: Page, handle } } as never;
  return routes;
}

const get = (url: string) => ({ method: "GET", url, headers: {} }) as unknown as FastifyRequest;

/** A list that reads `?kind=` (slugs `a` and `b`), fetches 50 rows and grows in steps of 10. */
const query: PageQuery = {
  filter: "kind",
  slug: (value) => (value === "a" || value === "b" ? value : undefined),
  listLimit: 50,
  step: 10,
};

describe("the page cache keys a list page by the query its route declares (decision 025)", () => {
  const keyOf = pageCacheKeys(buildOf({ list: { page: { query } }, plain: undefined }), "Khayl");

  test("`show` is rounded up to the declared step and capped one step past the declared list limit", () => {
    expect(keyOf(get("/list?show=7"), false)).toEqual({ location: "/list" });
    expect(keyOf(get("/list?show=13"), false)).toEqual({ location: "/list?show=20" });
    expect(keyOf(get("/list?show=20"), false)).toEqual({ key: "http /list?show=20 ", url: "/list?show=20" });
    expect(keyOf(get("/list?show=999"), false)).toEqual({ location: "/list?show=50" });
  });

  test("the declared filter is written by its slug, before `show`; an unknown value is All", () => {
    expect(keyOf(get("/list?show=20&kind=a"), false)).toEqual({ location: "/list?kind=a&show=20" });
    expect(keyOf(get("/list?kind=zzz"), false)).toEqual({ location: "/list" });
  });

  test("a page that declares no query reads none: its parameters keep the URL and share one copy", () => {
    expect(keyOf(get("/plain?show=20&kind=a"), false)).toEqual({ key: "http /plain ", url: "/plain" });
  });
});

describe("the page cache sends every spelling of a page to its canonical URL (decision 017)", () => {
  const keyOf = pageCacheKeys(buildOf({ list: { page: { query } }, plain: undefined }), "Khayl");

  test("dot segments, written or escaped, are resolved as the render's URL resolves them", () => {
    for (const written of ["/./plain", "/list/../plain", "/list/%2e%2e/plain", "/list/%2E./plain", "/list\\..\\plain"])
      expect(keyOf(get(written), false), written).toEqual({ location: "/plain" });
    expect(keyOf(get("/plain/../list?kind=a&utm_source=x"), false)).toEqual({ location: "/list?kind=a&utm_source=x" });
    // A path that reads as another host's stays none of the pages kept.
    expect(keyOf(get("//plain"), false)).toBeUndefined();
  });
});
