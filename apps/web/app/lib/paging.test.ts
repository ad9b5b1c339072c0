import { expect, test } from "vitest";
import { CARDS_PER_STEP, showMoreHref, shownCount, showPastListHref } from "./paging.ts";

test("shows whole steps, at least one, never more than there are", () => {
  expect(shownCount(null, 1000)).toBe(CARDS_PER_STEP);
  expect(shownCount("48", 1000)).toBe(48);
  expect(shownCount("30", 1000)).toBe(48);
  expect(shownCount("48", 30)).toBe(30);
  expect(shownCount(null, 5)).toBe(5);
  for (const bad of ["0", "-24", "abc", "1e9x", "2.5"]) expect(shownCount(bad, 1000), bad).toBe(CARDS_PER_STEP);
  expect(shownCount("999999", 1000)).toBe(1000);
});

test("the next step keeps the filter and leads to its first new card", () => {
  expect(showMoreHref("/flights", new URLSearchParams("type=export"), 24)).toBe("/flights?type=export&show=48#show-25");
  expect(showMoreHref("/transport", new URLSearchParams("show=24&discipline=dressage"), 48)).toBe(
    "/transport?show=72&discipline=dressage#show-49",
  );
});

test("a step past the list's end leads to the fewest steps that show it whole", () => {
  const past = (href: string, total: number) => showPastListHref(new URL(href, "http://site"), total);
  expect(past("/flights?show=72", 20)).toBe("/flights");
  expect(past("/ar/flights?type=import&show=1008", 0)).toBe("/ar/flights?type=import");
  expect(past("/transport?discipline=dressage&show=96&utm_source=mail", 30)).toBe(
    "/transport?discipline=dressage&show=48&utm_source=mail",
  );
  for (const within of ["/flights", "/flights?show=24", "/flights?show=48", "/flights?show=junk"])
    expect(past(within, 30), within).toBeUndefined();
  expect(past("/flights?show=1008", 1000)).toBeUndefined();
});
