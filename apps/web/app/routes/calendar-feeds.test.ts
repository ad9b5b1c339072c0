import { parseEnv, publicConfig } from "@khayl/config/env";
import { createApiClient } from "@khayl/contract/client";
import { expect, test } from "vitest";
import type { WebContext } from "../lib/context.ts";
import { loader as flightsFeed } from "./calendar-flights[.]ics.ts";
import { loader as showsFeed } from "./calendar-shows[.]ics.ts";
import { loader as sitemap } from "./sitemap[.]xml.ts";

/**
 * The calendar feeds while the API is down (product §2, show and flight pages): a subscribed calendar replaces its
 * copy with whatever the feed answers, so an empty calendar would delete every show and
 * flight from it. The feeds answer 503, never cached, and the calendar keeps what it has;
 * so does the sitemap, which a crawler would otherwise take as the site's whole list.
 */

/** The web's context with an API that fails every call: `status` from the API, or no answer at all. */
function failingApi(status: number | "network"): WebContext {
  const api = createApiClient({
    baseUrl: "http://api.test/api/v1",
    fetch: async () => {
      if (status === "network") throw new TypeError("fetch failed");
      return Response.json({ success: false, statusCode: status, message: "Down" }, { status });
    },
  });
  return { api, config: publicConfig(parseEnv({})), log: { warn() {}, error() {} }, nonce: "" };
}

/** Calls a resource route's loader as React Router does for `url`. */
async function get(
  loader: (args: { request: Request; context: WebContext; params: Record<string, string> }) => Promise<Response>,
  url: string,
  context: WebContext,
): Promise<Response> {
  return loader({ request: new Request(url), context, params: {} });
}

test.each([
  ["the shows feed", showsFeed, "http://localhost/calendar/shows.ics?discipline=dressage"],
  ["the flights feed", flightsFeed, "http://localhost/calendar/flights.ics?type=import"],
] as const)("%s answers 503, not cached, when the API fails", async (_, loader, url) => {
  for (const failure of [500, 503, "network"] as const) {
    const response = await get(loader as Parameters<typeof get>[0], url, failingApi(failure));
    expect(response.status, String(failure)).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toBe("The schedule cannot be read right now. Please try again later.");
    expect(text).not.toContain("BEGIN:VCALENDAR");
  }
});

test("in Arabic the feed says so in Arabic", async () => {
  const response = await get(
    showsFeed as Parameters<typeof get>[0],
    "http://localhost/ar/calendar/shows.ics",
    failingApi(500),
  );
  expect(response.status).toBe(503);
  expect(await response.text()).toMatch(/\p{Script=Arabic}/u);
});

test("the sitemap answers 503 with retry-after, never a shorter list, when the API fails for any of its lists", async () => {
  for (const failure of [500, 503, "network"] as const) {
    const response = await get(
      sitemap as Parameters<typeof get>[0],
      "http://localhost/sitemap.xml",
      failingApi(failure),
    );
    expect(response.status, String(failure)).toBe(503);
    expect(response.headers.get("retry-after")).toBe("300");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");
  }
  // Only the blogs fail: the shows and flights alone would still be a partial sitemap.
  const answering = (blogsFail: boolean): WebContext => ({
    ...failingApi(500),
    api: createApiClient({
      baseUrl: "http://api.test/api/v1",
      fetch: async (input) =>
        blogsFail && String(input).includes("/blog/")
          ? Response.json({ success: false, statusCode: 500, message: "Down" }, { status: 500 })
          : Response.json({ success: true, statusCode: 200, message: "ok", data: { rows: [], count: 0 } }),
    }),
  });
  const status = async (context: WebContext) =>
    (await get(sitemap as Parameters<typeof get>[0], "http://localhost/sitemap.xml", context)).status;
  expect(await status(answering(false))).toBe(200);
  expect(await status(answering(true))).toBe(503);
});
