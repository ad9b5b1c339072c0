// @vitest-environment happy-dom

import { parseEnv, publicConfig } from "@khayl/config/env";
import type { Messages } from "@lingui/core";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import type { Language } from "../lib/i18n/language.ts";
import { TestI18n } from "../lib/i18n/testing.tsx";
import BlogDetail from "../routes/blog-detail.tsx";
import FlightDetail from "../routes/flight-detail.tsx";
import ShowDetail from "../routes/show-detail.tsx";

afterEach(cleanup);

/**
 * A show's, a flight's or a blog's page without its item: 'not found' only when the API said
 * so (404); when the API failed (503) the page says it cannot be read right now, since the
 * item may well exist.
 */

const arabicTrips = await messagesFor(new Request("http://localhost/ar/transport/1"), "trips");

function renderPage(
  Component: React.ComponentType,
  loaderData: unknown,
  { language = "en", messages }: { language?: Language; messages?: Messages } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ config: publicConfig(parseEnv({})), language }),
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

describe.each([
  ["a show", ShowDetail, { show: null }, "Show not found.", "See the shows schedule", "/transport"],
  ["a flight", FlightDetail, { flight: null }, "Flight not found.", "See the flights schedule", "/flights"],
  ["a blog", BlogDetail, { blog: null }, "Blog not found.", "All blogs", "/blogs"],
] as const)("%s's page", (_, Page, item, notFound, linkName, listPath) => {
  test("says 'not found' for a 404, with a link to its list", async () => {
    renderPage(Page as unknown as React.ComponentType, { ...item, status: 404, messages: {} });
    expect(await screen.findByRole("heading", { level: 1, name: notFound })).toBeTruthy();
    expect(screen.getByRole("link", { name: linkName }).getAttribute("href")).toBe(listPath);
  });

  test("says it cannot be read right now when the API failed, never 'not found'", async () => {
    renderPage(Page as unknown as React.ComponentType, { ...item, status: 503, messages: {} });
    expect(await screen.findByRole("heading", { level: 1, name: "Temporarily unavailable" })).toBeTruthy();
    expect(screen.getByText(/cannot be read right now\. Please try again later\./)).toBeTruthy();
    expect(screen.queryByText(notFound)).toBeNull();
    expect(screen.getByRole("link", { name: linkName }).getAttribute("href")).toBe(listPath);
  });
});

test("in Arabic the unavailable show page reads in Arabic", async () => {
  renderPage(
    ShowDetail as unknown as React.ComponentType,
    { show: null, status: 503, messages: {} },
    {
      language: "ar",
      messages: arabicTrips,
    },
  );
  expect(await screen.findByRole("heading", { level: 1, name: "غير متاح مؤقتًا" })).toBeTruthy();
  expect(screen.getByText("تعذّرت قراءة الجدول الآن. يرجى المحاولة لاحقًا.")).toBeTruthy();
});
