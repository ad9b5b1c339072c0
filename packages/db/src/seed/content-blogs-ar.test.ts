import { describe, expect, test } from "vitest";
import { elementSequence, isArabicWithLatinDigits, linkTargets, numbers } from "./arabic-testing.ts";
import { blogSeeds } from "./content-blogs.ts";
import { blogSeedsAr } from "./content-blogs-ar.ts";

test("every English demo blog has an Arabic version, and nothing else does", () => {
  expect(Object.keys(blogSeedsAr).sort()).toEqual(blogSeeds.map((blog) => blog.slug).sort());
});

describe.each(blogSeeds.map((blog) => [blog.slug, blog] as const))("%s in Arabic", (slug, english) => {
  const arabic = blogSeedsAr[slug]!;

  test("title, summary, tags and category are Arabic with Latin digits", () => {
    for (const text of [arabic.title, arabic.summary, arabic.category, ...arabic.tag]) {
      expect(isArabicWithLatinDigits(text), text).toBe(true);
    }
    expect(arabic.tag).toHaveLength(english.tag.length);
  });

  test("the HTML has the English element sequence, links and numbers", () => {
    expect(isArabicWithLatinDigits(arabic.content)).toBe(true);
    expect(elementSequence(arabic.content)).toEqual(elementSequence(english.content));
    expect(linkTargets(arabic.content)).toEqual(linkTargets(english.content));
    expect(numbers(arabic.content)).toEqual(numbers(english.content));
  });
});

test("a category or tag shared by several English posts has one Arabic wording", () => {
  const categories = new Map<string, Set<string>>();
  const tags = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, english: string, arabic: string) =>
    map.set(english, (map.get(english) ?? new Set()).add(arabic));
  for (const english of blogSeeds) {
    const arabic = blogSeedsAr[english.slug]!;
    add(categories, english.category, arabic.category);
    english.tag.forEach((tag, i) => {
      add(tags, tag, arabic.tag[i]!);
    });
  }
  for (const map of [categories, tags]) {
    for (const [english, arabic] of map) expect([...arabic], english).toHaveLength(1);
  }
});
