import type { SelectiveService } from "@khayl/contract/selective-services";
import { expect, test } from "vitest";
import type { Route } from "./+types/flight-detail";
import { meta } from "./flight-detail.tsx";

/** A flight page's description in its head: each end named, never the cards' '-' inside the sentence. */

const flight = {
  id: 102,
  type: "import",
  departureAirport: { code: "SYD", name: "Sydney" },
  arrivalAirport: { code: "DXB", name: "Dubai International" },
  fromCountry: "Australia",
  toCountry: "UAE",
  startDate: "2030-12-31T19:00:00.000Z",
} as unknown as SelectiveService;

function description(item: SelectiveService): string | undefined {
  const matches = [
    { id: "root", data: { config: { companyName: "Khayl", publicUrl: "https://khayl.example" }, language: "en" } },
    { id: "routes/flight-detail", data: { flight: item, status: 200, messages: {} } },
  ];
  const tags = meta({
    loaderData: { flight: item, status: 200, messages: {} },
    matches,
  } as unknown as Route.MetaArgs);
  return (tags.find((tag) => "name" in tag && tag.name === "description") as { content?: string } | undefined)?.content;
}

test("names each end by its country", () => {
  expect(description(flight)).toBe(
    "Horse flight from Australia to UAE, departing Tuesday 31 Dec 2030, 23:00 (UAE time). " +
      "Book the shipping of your horses in the app.",
  );
});

test("without its countries, each end is its airport's code, as the title names it", () => {
  expect(description({ ...flight, fromCountry: null, toCountry: null })).toMatch(/^Horse flight from SYD to DXB, /);
});
