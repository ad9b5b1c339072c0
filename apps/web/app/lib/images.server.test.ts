import { expect, test } from "vitest";
import { shownImage } from "./images.server.ts";

/** Architecture §3.10: an image the page's CSP would block is no image, not a broken one. */
const origins = ["https://api.khayl.example", "https://cdn.khayl.example"];

test("a path of the site and an address on an allowed origin are shown", () => {
  expect(shownImage("/images/blog/1.svg", origins)).toBe("/images/blog/1.svg");
  expect(shownImage(" https://cdn.khayl.example/blog/a.jpg ", origins)).toBe("https://cdn.khayl.example/blog/a.jpg");
  expect(shownImage("https://api.khayl.example/uploads/x.png", origins)).toBe(
    "https://api.khayl.example/uploads/x.png",
  );
});

test("another host, a host spelled as a path, another scheme or nothing is no image", () => {
  for (const src of [
    "https://elsewhere.example/a.jpg",
    "https://cdn.khayl.example.evil.example/a.jpg",
    "http://cdn.khayl.example:8080/a.jpg",
    "//elsewhere.example/a.jpg",
    "/\\elsewhere.example/a.jpg",
    "javascript:alert(1)",
    "data:image/svg+xml,<svg/>",
    "",
    "   ",
    null,
    undefined,
  ])
    expect(shownImage(src, origins), String(src)).toBeNull();
  expect(shownImage("https://cdn.khayl.example/a.jpg", [])).toBeNull();
});
