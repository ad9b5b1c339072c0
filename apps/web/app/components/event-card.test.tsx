// @vitest-environment happy-dom

import { parseEnv, publicConfig } from "@khayl/config/env";
import type { Event } from "@khayl/contract/events";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, expect, test } from "vitest";
import { TestI18n } from "../lib/i18n/testing.tsx";
import { AppModalProvider } from "./app-modal.tsx";
import { EventCard } from "./event-card.tsx";

afterEach(cleanup);

function NoFallback() {
  return null;
}

/** The card on a page of its own, with the app modal it opens. */
function CardPage() {
  const { event } = useLoaderData<{ event: Event }>();
  return (
    <AppModalProvider>
      <EventCard event={event} />
    </AppModalProvider>
  );
}

function renderCard(event: Event) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ config: publicConfig(parseEnv({})), event }),
      HydrateFallback: NoFallback,
      Component: CardPage,
    },
  ]);
  return render(
    <TestI18n>
      <Stub initialEntries={["/"]} />
    </TestI18n>,
  );
}

test("shows name, status, venue code, date range and category (product §3)", async () => {
  renderCard({
    id: 1,
    eventName: "Desert Cup",
    eventStatus: "Open",
    place: { code: "SERC" },
    startDate: "2025-01-05T06:00:00Z",
    endDate: "2025-01-07T14:00:00Z",
    eventCategory: "National",
  });
  const card = await screen.findByRole("button", { name: /Desert Cup/ });
  expect(card.textContent).toContain("Open");
  expect(card.textContent).toContain("SERC");
  expect(card.textContent).toContain("5 Jan - 7 Jan");
  expect(card.textContent).toContain("National");
});

test("falls back to Place.code, then location, to the 'International' category; '-' without a start date", async () => {
  renderCard({
    id: 2,
    eventName: "Old Shape",
    Place: { code: "OLD" },
    location: "Somewhere",
    category: null,
    startDate: null,
  });
  const card = await screen.findByRole("button", { name: /Old Shape/ });
  expect(card.textContent).toContain("OLD");
  expect(card.textContent).toContain("International");
  expect(card.textContent).toContain("-");
  cleanup();
  renderCard({ id: 3, eventName: "Location Only", location: "AWE", startDate: "2025-02-01T06:00:00Z" });
  expect((await screen.findByRole("button", { name: /Location Only/ })).textContent).toContain("AWE");
});

test("activating the card opens the app modal with both store links", async () => {
  renderCard({ id: 4, eventName: "Click Me", startDate: "2025-02-01T06:00:00Z" });
  await userEvent.click(await screen.findByRole("button", { name: /Click Me/ }));
  const dialog = document.querySelector("dialog");
  expect(dialog?.hasAttribute("open")).toBe(true);
  expect(screen.getByRole("heading", { name: "All of our services available on the app" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Download on the App Store" }).getAttribute("href")).toContain(
    "apps.apple.com",
  );
  expect(screen.getByRole("link", { name: "Get it on Google Play" }).getAttribute("href")).toContain("play.google.com");
});
