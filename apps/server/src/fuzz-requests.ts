/**
 * The random requests of fuzz.api.test.ts (fast-check arbitraries; split from it, decision
 * 025): awkward scalars, JSON of any shape, path parameters, query strings, bodies of every
 * content type and size, browser, proxy and attacker headers, client addresses.
 */
import { gzipSync } from "node:zlib";
import type { Endpoint } from "@khayl/contract/endpoint";
import fc from "fast-check";
import type { InjectOptions } from "fastify";

/** The keys a zod object schema names (none for other schemas). */
export function keysOf(schema: Endpoint["query"]): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

export const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"] as const;

/** Awkward scalar values: empty, huge, negative, not-a-number, bad escapes, other scripts, control characters. */
const awkward = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "",
    " ",
    "true",
    "false",
    "null",
    "-1",
    "0",
    "1e309",
    "NaN",
    "%",
    "%ZZ",
    "%00",
    "\u0000",
    "../../etc/passwd",
    "9".repeat(400),
    "a".repeat(5000),
    "<script>alert(1)</script>",
    "omar.mansoori@example.com",
    "+971 50 123 4567",
    "1234",
    "card",
    "apple-pay",
    "TermsAndConditions",
    "Import",
  ),
);

/** A JSON value of any shape, including deep nesting and odd numbers. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  awkward,
  fc.constantFrom(null, [], {}, [[[[[]]]]], { __proto__: { polluted: true } }, 1.5, -0, 2 ** 53 + 1),
);

/** A path parameter: real-looking, random or hostile, escaped or not. */
export const pathValue = fc.oneof(
  fc.constant("INVOICE"),
  awkward.map(encodeURIComponent),
  awkward,
  fc.stringMatching(/^[A-Za-z0-9_-]{0,130}$/),
);

const queryString = (keys: string[]) =>
  fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom(...(keys.length ? keys : ["q"])), fc.string({ maxLength: 12 })), awkward),
      {
        maxLength: 6,
      },
    )
    .chain((pairs) =>
      fc.constantFrom(
        pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"),
        // Unescaped, as a careless client would send it.
        pairs.map(([k, v]) => `${k}=${v}`).join("&"),
      ),
    );

interface Body {
  payload: string | Buffer | undefined;
  contentType: string | undefined;
}

const CONTENT_TYPES = [
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "application/xml",
  "application/octet-stream",
  "",
  "*/*",
  "application/json, text/plain",
];

/** A request body: JSON with the endpoint's keys, any JSON, a form, raw text, bytes, or far too large. */
const body = (keys: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    fc
      .dictionary(fc.oneof(fc.constantFrom(...(keys.length ? keys : ["x"])), fc.string({ maxLength: 8 })), jsonValue, {
        maxKeys: 8,
      })
      .map((o) => ({ payload: JSON.stringify(o), contentType: "application/json" })),
    jsonValue.map((v) => ({ payload: JSON.stringify(v) ?? "", contentType: "application/json" })),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...(keys.length ? keys : ["x"]), "intent"), fc.string()), awkward), {
        maxLength: 8,
      })
      .map((pairs) => ({
        payload: new URLSearchParams(pairs).toString(),
        contentType: "application/x-www-form-urlencoded",
      })),
    fc.tuple(fc.string({ maxLength: 200 }), fc.constantFrom(...CONTENT_TYPES)).map(([payload, contentType]) => ({
      payload,
      contentType,
    })),
    fc
      .uint8Array({ maxLength: 300 })
      .map((bytes) => ({ payload: Buffer.from(bytes), contentType: "application/json" })),
    fc.constantFrom(
      { payload: "{", contentType: "application/json" },
      { payload: '{"a":', contentType: "application/json" },
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
        contentType: "multipart/form-data; boundary=xyz",
      },
      { payload: "--abc\r\nbroken", contentType: "multipart/form-data; boundary=xyz" },
      { payload: "x".repeat(70 * 1024), contentType: "application/json" },
      { payload: "a=".repeat(40 * 1024), contentType: "application/x-www-form-urlencoded" },
      { payload: undefined, contentType: "application/json" },
      { payload: undefined, contentType: undefined },
    ),
  );

/** Headers a browser, a proxy, a client or an attacker may send. */
const headers = fc.record(
  {
    "content-encoding": fc.constantFrom("gzip", "deflate", "br", "identity", "zstd", "gzip, gzip", "x"),
    "accept-encoding": fc.constantFrom("gzip", "br", "*", "identity;q=0", "x"),
    accept: fc.constantFrom("application/json", "text/html", "*/*", "application/pdf", "", "x/y"),
    language: fc.constantFrom("en", "ar", "xx", ""),
    "accept-language": fc.constantFrom("en", "ar-AE,ar;q=0.9", "*", ";;"),
    "sec-fetch-site": fc.constantFrom("same-origin", "same-site", "cross-site", "none", "x"),
    "sec-fetch-dest": fc.constantFrom("empty", "document", "image", "script", "iframe", "x"),
    "x-forwarded-for": fc.constantFrom("203.0.113.7", "a, b, c", "::1", ""),
    "x-forwarded-proto": fc.constantFrom("https", "http", "gopher"),
    origin: fc.constantFrom("https://evil.example", "null", ""),
    cookie: fc.constantFrom("a=b", "=", "x".repeat(2000)),
    "stripe-signature": fc.constantFrom("t=1,v1=abc", "", "garbage"),
    range: fc.constantFrom("bytes=0-10", "bytes=-1", "bytes=x"),
    "if-none-match": fc.constantFrom('"x"', "*", 'W/""'),
  },
  { requiredKeys: [] },
);

const remoteAddress = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);

/** One request, as `app.inject` takes it, with a short description for the failure report. */
export interface FuzzRequest {
  options: InjectOptions;
  gzip: boolean;
}

/**
 * Random requests to `method` and `url` for fuzz.api.test.ts (split out by decision 025): an
 * optional query string over `keys.query` (escaped or not); a body over `keys.body`, sent unless
 * the method is GET or HEAD, and gzip-compressed when the answer's `gzip` is true (a random
 * `content-encoding: gzip` header is dropped from the others); any of the random browser, proxy
 * and attacker headers; a client address in 10.0.0.0/8.
 */
export function request(
  method: fc.Arbitrary<string>,
  url: fc.Arbitrary<string>,
  keys: { query: string[]; body: string[] },
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method,
      url,
      query: fc.option(queryString(keys.query), { nil: undefined }),
      body: body(keys.body),
      headers,
      remoteAddress,
      gzip: fc.boolean(),
    })
    .map(({ method, url, query, body, headers, remoteAddress, gzip }) => {
      const payload = gzip && body.payload !== undefined ? gzipSync(body.payload) : body.payload;
      const allHeaders: Record<string, string> = { ...headers };
      if (body.contentType !== undefined) allHeaders["content-type"] = body.contentType;
      if (!gzip && headers["content-encoding"] === "gzip") delete allHeaders["content-encoding"];
      const withBody = method !== "GET" && method !== "HEAD" && payload !== undefined;
      return {
        gzip,
        options: {
          method: method as InjectOptions["method"],
          url: query === undefined ? url : `${url}?${query}`,
          headers: allHeaders,
          remoteAddress,
          ...(withBody ? { payload } : {}),
        },
      };
    });
}
