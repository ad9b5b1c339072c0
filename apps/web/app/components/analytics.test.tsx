// @vitest-environment happy-dom

import type { RouteHandle } from "@khayl/contract/page-rules";
import { act, cleanup, render } from "@testing-library/react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, expect, test } from "vitest";
import { AnalyticsPageViews } from "./analytics.tsx";

afterEach(() => {
  cleanup();
  delete window.gtag;
  delete window.dataLayer;
});

const hash = "Llpnw-gpp9n0eOqjcSs33la7NNsrazcGaVVf2bcwEVo";

/** The app's page views on an invoice link (private, decision 019) that links to a public page. */
function renderFrom(start: string) {
  const page = (
    <>
      <AnalyticsPageViews measurementId="G-TEST123" />
      <Link to="/contact-us">Contact us</Link>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: "/invoice/:hash", element: page, handle: { page: { private: true } } satisfies RouteHandle },
      { path: "/contact-us", element: page },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** What gtag.js would read from its queue: each entry's arguments. */
const queued = () => (window.dataLayer ?? []).map((entry) => [...(entry as IArguments)]);

test("a public page reached from an invoice link, which loaded no analytics, still reports its page view", async () => {
  const router = renderFrom(`/invoice/${hash}`);
  // The private page defined nothing: the server sent it no analytics.
  expect(window.gtag).toBeUndefined();
  await act(() => router.navigate("/contact-us"));
  expect(queued()).toEqual([
    ["js", expect.any(Date)],
    ["config", "G-TEST123", { send_page_view: false }],
    ["set", expect.objectContaining({ page_path: "/contact-us" })],
    ["event", "page_view", expect.objectContaining({ page_path: "/contact-us" })],
  ]);
  // gtag.js reads the entries as `arguments` objects, as Google's own snippet queues them.
  expect(Object.prototype.toString.call(window.dataLayer?.[0])).toBe("[object Arguments]");
  expect(JSON.stringify(queued())).not.toContain(hash);
});

test("a page that started with gtag keeps it: the bootstrap is not repeated", async () => {
  const calls: unknown[][] = [];
  window.gtag = (...args: unknown[]) => calls.push(args);
  const router = renderFrom("/contact-us");
  await act(() => router.navigate(`/invoice/${hash}`));
  expect(window.dataLayer).toBeUndefined();
  expect(calls.map((call) => [call[0], (call.at(-1) as { page_path: string }).page_path])).toEqual([
    ["set", "/contact-us"],
    ["event", "/contact-us"],
    ["set", "/invoice/:hash"],
    ["event", "/invoice/:hash"],
  ]);
});
