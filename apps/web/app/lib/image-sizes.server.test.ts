import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { imageSizesIn } from "./image-sizes.server.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-image-sizes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PNG's signature and IHDR chunk: enough for its size. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(16)]);
}

test("a site image's size is read from its file, by its path, once", () => {
  writeFileSync(path.join(dir, "plane.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 270 500"></svg>`);
  writeFileSync(path.join(dir, "a b.png"), png(1200, 630));
  const sizeOf = imageSizesIn(dir);
  expect(sizeOf("/plane.svg")).toEqual({ width: 270, height: 500 });
  expect(sizeOf("/a%20b.png?v=2#x")).toEqual({ width: 1200, height: 630 });
  // Read once: the file changing or going leaves the size known (a deploy restarts the process).
  rmSync(path.join(dir, "plane.svg"));
  expect(imageSizesIn(dir)("/plane.svg")).toEqual({ width: 270, height: 500 });
});

test("only files inside the folder, by a path of the site, are read", () => {
  writeFileSync(path.join(dir, "not-an-image.svg"), "hello");
  const sizeOf = imageSizesIn(path.join(dir));
  for (const src of [
    "/missing.png",
    "/not-an-image.svg",
    "/",
    "plane.svg",
    "//evil.example/x.png",
    "/../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2fetc%2fpasswd",
    "/%00.png",
    "/%E0%A4%A",
  ])
    expect(sizeOf(src), src).toBeUndefined();
});
