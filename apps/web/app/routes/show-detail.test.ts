import type { Event } from "@khayl/contract/events";
import { expect, test } from "vitest";
import type { Route } from "./+types/show-detail";
import { meta } from "./show-detail.tsx";

/** A show page's description in its head: the venue when the show has one, no empty 'at ,' when not. */

const show: Event = {
  id: 12,
  eventName: "Sharjah International Show Jumping Cup",
  place: { code: "SERC", name: "Sharjah Equestrian & Racing Club" },
  startDate: "2030-01-10T06:00:00.000Z",
  endDate: null,
};

function description(item: Event): string | undefined {
  const matches = [
    { id: "root", data: { config: { companyName: "Khayl", publicUrl: "https://khayl.example" }, language: "en" } },
    { id: "routes/show-detail", data: { show: item, status: 200, messages: {} } },
  ];
  const tags = meta({ loaderData: { show: item, status: 200, messages: {} }, matches } as unknown as Route.MetaArgs);
  return (tags.find((tag) => "name" in tag && tag.name === "description") as { content?: string } | undefined)?.content;
}

test("names the venue, else its code", () => {
  expect(description(show)).toBe(
    "Sharjah International Show Jumping Cup at Sharjah Equestrian & Racing Club, Thursday 10 Jan 2030. " +
      "Road transport for your horses to the show, booked in the app.",
  );
  expect(description({ ...show, place: { code: "SERC" } })).toMatch(
    /^Sharjah International Show Jumping Cup at SERC, /,
  );
});

test("without a venue name or code the sentence has no 'at'", () => {
  expect(description({ ...show, place: null })).toBe(
    "Sharjah International Show Jumping Cup, Thursday 10 Jan 2030. Road transport for your horses to the show, " +
      "booked in the app.",
  );
});
