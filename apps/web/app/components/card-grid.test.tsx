// @vitest-environment happy-dom

import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, expect, test } from "vitest";
import { TestI18n } from "../lib/i18n/testing.tsx";
import { showMoreHref, shownCount } from "../lib/paging.ts";
import { CardGrid } from "./card-grid.tsx";

afterEach(cleanup);

const all = Array.from({ length: 30 }, (_, i) => `Flight ${i + 1}`);

function NoFallback() {
  return null;
}

function Page() {
  const data = useLoaderData<{ items: string[]; more: { shown: number; total: number; moreHref: string } }>();
  return (
    <CardGrid
      items={data.items}
      empty="No flights available at the moment"
      more={{ ...data.more, summary: `Showing ${data.more.shown} of ${data.more.total} flights` }}
      itemKey={(item) => item}
      render={(item) => <button type="button">{item}</button>}
    />
  );
}

test("a long list shows one step, then the next step on 'Show more' with focus on the first new card", async () => {
  const Stub = createRoutesStub([
    {
      path: "/flights",
      Component: Page,
      HydrateFallback: NoFallback,
      loader: ({ request }) => {
        const url = new URL(request.url);
        const shown = shownCount(url.searchParams.get("show"), all.length);
        return {
          items: all.slice(0, shown),
          more: { shown, total: all.length, moreHref: showMoreHref(url.pathname, url.searchParams, shown) },
        };
      },
    },
  ]);
  render(
    <TestI18n>
      <Stub initialEntries={["/flights?type=export"]} />
    </TestI18n>,
  );
  expect(await screen.findByText("Showing 24 of 30 flights")).toBeTruthy();
  expect(screen.getAllByRole("button")).toHaveLength(24);
  const more = screen.getByRole("link", { name: "Show more" });
  // Its fragment names the next step's first card, for a page load without script (decision 024).
  expect(more.getAttribute("href")).toBe("/flights?type=export&show=48#show-25");
  await userEvent.click(more);
  expect(await screen.findByText("Showing 30 of 30 flights")).toBeTruthy();
  expect(screen.getAllByRole("button")).toHaveLength(30);
  expect(screen.queryByRole("link", { name: "Show more" })).toBeNull();
  // The focus moves in an effect, which React may run after the new cards are on screen.
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Flight 25"));
  expect(document.activeElement?.closest("li")?.id).toBe("show-25");
});

test("a short list has no count and no link", async () => {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Page,
      HydrateFallback: NoFallback,
      loader: () => ({ items: all.slice(0, 5), more: { shown: 5, total: 5, moreHref: "/?show=48" } }),
    },
  ]);
  render(
    <TestI18n>
      <Stub initialEntries={["/"]} />
    </TestI18n>,
  );
  expect(await screen.findByText("Flight 5")).toBeTruthy();
  expect(screen.queryByText(/Showing/)).toBeNull();
  expect(screen.queryByRole("link", { name: "Show more" })).toBeNull();
});
