import { expect, test } from "vitest";
import { isShareableImage, pageMeta } from "./meta.ts";

const matches = [
  { id: "root", data: { config: { companyName: "Khayl Logistics", publicUrl: "https://khayl.example" } } },
];
const content = (tags: ReturnType<typeof pageMeta>, key: string) =>
  tags.find(
    (tag) => (tag as Record<string, string>).property === key || (tag as Record<string, string>).name === key,
  ) as { content?: string } | undefined;

test("a page gets its title, description and a card with the default PNG at an absolute URL", () => {
  const tags = pageMeta(matches, { title: "Flights", description: "Horse flights from the UAE." });
  expect(tags[0]).toEqual({ title: "Flights | Khayl Logistics" });
  expect(content(tags, "description")?.content).toBe("Horse flights from the UAE.");
  expect(content(tags, "og:title")?.content).toBe("Flights");
  expect(content(tags, "og:site_name")?.content).toBe("Khayl Logistics");
  expect(content(tags, "og:image")?.content).toBe("https://khayl.example/images/og-default.png");
  expect(content(tags, "og:image:width")?.content).toBe("1200");
  expect(content(tags, "twitter:card")?.content).toBe("summary_large_image");
});

test("a raster image of the page is used; an SVG one is replaced by the default", () => {
  const jpeg = pageMeta(matches, {
    title: "Blog",
    description: "d",
    type: "article",
    image: { url: "/uploads/a.JPG?v=2", alt: "A" },
  });
  expect(content(jpeg, "og:image")?.content).toBe("https://khayl.example/uploads/a.JPG?v=2");
  expect(content(jpeg, "og:image:alt")?.content).toBe("A");
  expect(content(jpeg, "og:type")?.content).toBe("article");
  const svg = pageMeta(matches, {
    title: "Blog",
    description: "d",
    image: { url: "https://cdn.example/a.svg", alt: "A" },
  });
  expect(content(svg, "og:image")?.content).toBe("https://khayl.example/images/og-default.png");
});

test("isShareableImage judges by the path's extension", () => {
  expect(isShareableImage("https://cdn.example/x.webp")).toBe(true);
  expect(isShareableImage("/a/b.png?x=.svg")).toBe(true);
  expect(isShareableImage("/a/b.svg")).toBe(false);
  expect(isShareableImage("/a/b")).toBe(false);
  expect(isShareableImage("http://[bad")).toBe(false);
});
