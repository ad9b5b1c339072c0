// @vitest-environment happy-dom

import { parseEnv, publicConfig } from "@khayl/config/env";
import type { Messages } from "@lingui/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { BlogCardView, ReleaseLogView } from "../lib/content-views.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import type { Language } from "../lib/i18n/language.ts";
import { TestI18n } from "../lib/i18n/testing.tsx";
import type { SafeHtml } from "../lib/safe-html.ts";
import Blogs from "../routes/blogs.tsx";
import ReleaseLogs from "../routes/release-logs.tsx";
import { ImageWithSpinner } from "./image-with-spinner.tsx";

afterEach(cleanup);

/** The compiled Arabic catalogues of the two pages, as their loaders send them on /ar. */
const arabicBlogs = await messagesFor(new Request("http://localhost/ar/blogs"), "blogs");
const arabicReleaseLogs = await messagesFor(new Request("http://localhost/ar/release-logs"), "release-logs");

/**
 * Renders a page component under a root route that provides the public configuration and
 * the page's language (English unless an Arabic catalogue is given).
 */
function renderPage(
  Component: React.ComponentType,
  loaderData: unknown,
  { language = "en", messages }: { language?: Language; messages?: Messages } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ config: publicConfig(parseEnv({ PRODUCT_NAME: "Faras" })), language }),
      HydrateFallback: () => null,
      children: [{ index: true, loader: () => loaderData, Component, HydrateFallback: () => null }],
    },
  ]);
  return render(
    <TestI18n language={language} messages={messages}>
      <Stub initialEntries={["/"]} />
    </TestI18n>,
  );
}

const card = (id: number, extra: Partial<BlogCardView> = {}): BlogCardView => ({
  id,
  title: `Post ${id}`,
  date: "2025-01-05T06:00:00Z",
  tag: "Travel",
  image: `/images/blog/${id}-card.svg`,
  language: "en",
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

test("/release-logs: 'V {title}', the date, '{product} Version {title}', the notes; else the empty text", async () => {
  const log: ReleaseLogView = {
    id: 1,
    title: "3.2.0",
    date: "2025-01-05T06:00:00Z",
    image: null,
    html: "<p>Apple Pay</p>" as SafeHtml,
    language: "en",
  };
  renderPage(ReleaseLogs as React.ComponentType, { logs: [log] });
  expect(await screen.findByRole("heading", { level: 1, name: "Plan the Faras way." })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 3, name: "Faras Version 3.2.0" })).toBeTruthy();
  // The version sits in a <bdi> inside the badge (so it keeps its order in Arabic text).
  const badge = screen.getByText((_, element) => element?.tagName === "SPAN" && element.textContent === "V 3.2.0");
  expect(badge.querySelector("bdi")?.textContent).toBe("3.2.0");
  expect(screen.getByText("January 5, 2025")).toBeTruthy();
  expect(screen.getByText("Apple Pay")).toBeTruthy();
  cleanup();
  renderPage(ReleaseLogs as React.ComponentType, { logs: [] });
  expect(await screen.findByText("No release logs available at the moment.")).toBeTruthy();
});

test("/ar/blogs: Arabic texts, day-first Arabic dates and the Arabic empty state", async () => {
  renderPage(
    Blogs as React.ComponentType,
    { main: card(1, { title: "Main story" }), others: [card(2), card(3, { title: null, tag: null })] },
    { language: "ar", messages: arabicBlogs },
  );
  expect(await screen.findByRole("heading", { level: 1, name: "المدونة" })).toBeTruthy();
  expect(screen.getByText("مقال مميّز")).toBeTruthy();
  expect(screen.getByRole("heading", { level: 2, name: "مزيد من المقالات" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "بلا عنوان" })).toBeTruthy();
  expect(screen.getAllByText("05 يناير 2025")).toHaveLength(3);
  expect(screen.queryByText("Featured")).toBeNull();
  cleanup();
  renderPage(Blogs as React.ComponentType, { main: null, others: [] }, { language: "ar", messages: arabicBlogs });
  expect(await screen.findByRole("heading", { name: "لا توجد مقالات" })).toBeTruthy();
  expect(screen.getByText("لم نعثر على أي مقالات في الوقت الحالي. يُرجى العودة لاحقًا!")).toBeTruthy();
});

test("/ar/release-logs: the version and product name isolated in <bdi> inside Arabic text", async () => {
  const log: ReleaseLogView = {
    id: 1,
    title: "3.2.0",
    date: "2025-01-05T06:00:00Z",
    image: null,
    html: "<p>Apple Pay</p>" as SafeHtml,
    language: "en",
  };
  renderPage(ReleaseLogs as React.ComponentType, { logs: [log] }, { language: "ar", messages: arabicReleaseLogs });
  expect(await screen.findByRole("heading", { level: 1, name: "خطّط على طريقة Faras." })).toBeTruthy();
  const heading = screen.getByRole("heading", { level: 3, name: "الإصدار 3.2.0 من Faras" });
  expect([...heading.querySelectorAll("bdi")].map((bdi) => bdi.textContent)).toEqual(["3.2.0", "Faras"]);
  const badge = screen.getByText(
    (_, element) => element?.tagName === "SPAN" && element.textContent === "الإصدار 3.2.0",
  );
  expect(badge.querySelector("bdi")?.textContent).toBe("3.2.0");
  expect(screen.getByText("5 يناير 2025")).toBeTruthy();
  cleanup();
  renderPage(ReleaseLogs as React.ComponentType, { logs: [] }, { language: "ar", messages: arabicReleaseLogs });
  expect(await screen.findByText("لا توجد سجلات إصدارات متاحة في الوقت الحالي.")).toBeTruthy();
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

test("/ar/blogs: a blog the API could only give in English is marked lang='en'; Arabic ones are not", async () => {
  renderPage(
    Blogs as React.ComponentType,
    {
      main: card(1, { title: "مقال عربي", tag: "الرحلات", language: "ar" }),
      others: [card(2, { title: "English only post", tag: "Travel", language: "en" })],
    },
    { language: "ar", messages: arabicBlogs },
  );
  const english = await screen.findByRole("heading", { name: "English only post" });
  expect(english.getAttribute("lang")).toBe("en");
  expect(screen.getByText("Travel").getAttribute("lang")).toBe("en");
  expect(screen.getByRole("heading", { name: "مقال عربي" }).getAttribute("lang")).toBeNull();
});
