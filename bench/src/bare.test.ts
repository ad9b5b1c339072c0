import { expect, test } from "vitest";
import { bareHeaders } from "./bare.ts";
import { uniqueUrl } from "./throughput.ts";

test("the bare server replays the site's headers but those about the connection", () => {
  expect(
    bareHeaders({
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
      "content-security-policy": "script-src 'self'",
      etag: '"abc"',
      vary: "Accept-Encoding",
      "x-page-cache": "hit",
      connection: "keep-alive",
      "keep-alive": "timeout=72",
      date: "Mon, 01 Jan 2026 00:00:00 GMT",
      "content-length": "123",
      "transfer-encoding": "chunked",
    }),
  ).toEqual({
    "content-type": "text/html; charset=utf-8",
    "content-encoding": "br",
    "content-security-policy": "script-src 'self'",
    etag: '"abc"',
    vary: "Accept-Encoding",
    "x-page-cache": "hit",
  });
});

test("a cold request's URL carries autocannon's per-request id in an unknown parameter", () => {
  expect(uniqueUrl("http://h/flights")).toBe("http://h/flights?__bench=[<id>]");
  expect(uniqueUrl("http://h/flights?type=Import")).toBe("http://h/flights?type=Import&__bench=[<id>]");
});
