import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { dropModulePreloads } from "./drop-module-preloads.server.ts";

const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>',
  '<link rel="stylesheet" href="/assets/root.css"/><link rel="modu',
  'lepreload" href="/assets/shell-2.js" nonce="n"/></head><body><p>&lt;link rel="modulepreload"&gt; in text</p>',
  '<script type="module" async="">import("/assets/entry.client-1.js");</script></body></html>',
];

test("removes every module preload hint from the head, even split across chunks, and nothing else", async () => {
  const out = await text(Readable.from(page.map((s) => Buffer.from(s))).pipe(dropModulePreloads()));
  expect(out).not.toContain('<link rel="modulepreload"');
  expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  expect(out).toContain('import("/assets/entry.client-1.js")');
  expect(out).toContain('&lt;link rel="modulepreload"&gt; in text');
  expect(out).toBe(page.join("").replace(/<link rel="modulepreload"[^>]*>/g, ""));
});

test("multi-byte characters split between chunks survive", async () => {
  const bytes = Buffer.from("<html><head><title>مرحبا</title></head><body>خيل</body></html>");
  const chunks = [bytes.subarray(0, 20), bytes.subarray(20, 40), bytes.subarray(40)]; // byte 20 is inside "م"
  const out = await text(Readable.from(chunks).pipe(dropModulePreloads()));
  expect(out).toBe(bytes.toString("utf8"));
});
