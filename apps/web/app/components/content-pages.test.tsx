// @vitest-environment happy-dom

import { parseEnv, publicConfig } from "@khayl/config/env";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { BlogCardView, ReleaseLogView } from "../lib/content-views.ts";
import type { SafeHtml } from "../lib/safe-html.ts";
import Blogs from "../routes/blogs.tsx";
import ReleaseLogs from "../routes/release-logs.tsx";
import { ImageWithSpinner } from "./image-with-spinner.tsx";

afterEach(cleanup);

/** Renders a page component under a root route that provides the public configuration. */
function renderPage(Component: React.ComponentType, loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ config: publicConfig(parseEnv({ PRODUCT_NAME: "Faras" })) }),
      HydrateFallback: () => null,
      children: [{ index: true, loader: () => loaderData, Component, HydrateFallback: () => null }],
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const card = (id: number, extra: Partial<BlogCardView> = {}): BlogCardView => ({
  id,
  title: `Post ${id}`,
  date: "2025-01-05T06:00:00Z",
  tag: "Travel",
  image: `/images/blog/${id}-card.svg`,
  ...extra,
});

test("/blogs: featured main blog, then the others with 'Untitled', first tag and 'Jan 05, 2025' dates", async () => {
  renderPage(Blogs as React.ComponentType, {
    main: card(1, { title: "Main story" }),
    others: [card(2), card(3, { title: null, tag: null })],
  });
  const featured = await screen.findByRole("heading", { level: 2, name: "Main story" });
  expect(featured.querySelector("a")?.getAttribute("href")).toBe("/blogs/1");
  expect(screen.getByText("Featured")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Post 2" }).getAttribute("href")).toBe("/blogs/2");
  expect(screen.getByRole("link", { name: "Untitled" }).getAttribute("href")).toBe("/blogs/3");
  expect(screen.getAllByText("Jan 05, 2025")).toHaveLength(3);
  expect(screen.getAllByText("Travel")).toHaveLength(1);
  expect(screen.queryByText("No blogs found")).toBeNull();
});

test("/blogs: the empty state when there are no blogs", async () => {
  renderPage(Blogs as React.ComponentType, { main: null, others: [] });
  expect(await screen.findByRole("heading", { name: "No blogs found" })).toBeTruthy();
  expect(screen.getByText("We couldn't find any blog posts at the moment. Please check back later!")).toBeTruthy();
});

test("/release-logs: 'V {title}', the date, '{product} Version {title}' and the notes; the empty text otherwise", async () => {
  const log: ReleaseLogView = {
    id: 1,
    title: "3.2.0",
    date: "2025-01-05T06:00:00Z",
    image: null,
    html: "<p>Apple Pay</p>" as SafeHtml,
  };
  renderPage(ReleaseLogs as React.ComponentType, { logs: [log] });
  expect(await screen.findByRole("heading", { level: 1, name: "Plan the Faras way." })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 3, name: "Faras Version 3.2.0" })).toBeTruthy();
  expect(screen.getByText("V 3.2.0")).toBeTruthy();
  expect(screen.getByText("January 5, 2025")).toBeTruthy();
  expect(screen.getByText("Apple Pay")).toBeTruthy();
  cleanup();
  renderPage(ReleaseLogs as React.ComponentType, { logs: [] });
  expect(await screen.findByText("No release logs available at the moment.")).toBeTruthy();
});

test("/release-logs: a spinner while the list loads, then the list", async () => {
  let resolve: (logs: ReleaseLogView[]) => void = () => {};
  const pending = new Promise<ReleaseLogView[]>((r) => (resolve = r));
  renderPage(ReleaseLogs as React.ComponentType, { logs: pending });
  expect(await screen.findByRole("status")).toBeTruthy();
  expect(screen.getByText("Loading release logs…")).toBeTruthy();
  resolve([]);
  expect(await screen.findByText("No release logs available at the moment.")).toBeTruthy();
  expect(screen.queryByText("Loading release logs…")).toBeNull();
});

test("ImageWithSpinner shows a spinner until the image loads (or fails)", () => {
  // happy-dom marks every image complete at once; a browser does not until it has loaded.
  const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "complete");
  Object.defineProperty(HTMLImageElement.prototype, "complete", { configurable: true, get: () => false });
  try {
    render(<ImageWithSpinner src="/a.svg" alt="Screen" width={300} height={600} loadingLabel="Loading image…" />);
    expect(screen.getByRole("status").textContent).toBe("Loading image…");
    fireEvent.load(screen.getByRole("img", { name: "Screen" }));
    expect(screen.queryByRole("status")).toBeNull();
    cleanup();
    render(<ImageWithSpinner src="/missing.svg" alt="Broken" width={300} height={600} loadingLabel="Loading image…" />);
    expect(screen.getByRole("status")).toBeTruthy();
    fireEvent.error(screen.getByRole("img", { name: "Broken" }));
    expect(screen.queryByRole("status")).toBeNull();
  } finally {
    if (complete) Object.defineProperty(HTMLImageElement.prototype, "complete", complete);
    else delete (HTMLImageElement.prototype as { complete?: boolean }).complete;
  }
});

test("ImageWithSpinner hides the spinner at once for an image that loaded before hydration", () => {
  render(<ImageWithSpinner src="/cached.svg" alt="Cached" width={300} height={600} loadingLabel="Loading image…" />);
  expect(screen.queryByRole("status")).toBeNull();
});
