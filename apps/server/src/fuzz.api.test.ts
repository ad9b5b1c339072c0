import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { parseEnv } from "@khayl/config/env";
import type { Endpoint } from "@khayl/contract/endpoint";
import { contractEndpoints } from "@khayl/contract/testing";
import type { DbHandle } from "@khayl/db/client";
import { invoices } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildHost, type Host, webBuildDir } from "./host.ts";

/**
 * Fuzzing the one process as `npm start` runs it: every endpoint of the
 * contract and every page that takes a form, with random methods, paths, query strings,
 * JSON, form and raw bodies, headers, content encodings and sizes. Whatever arrives, the
 * answer is a success or a 4xx (on the API, the error envelope), never a 5xx, never a
 * stack trace, and never later than `REQUEST_TIMEOUT_MS`. A fixed seed makes a failure
 * reproducible (fast-check prints the shrunk request); each property stops after its
 * time budget, so the file takes well under a minute per database.
 */
const SEED = 20_261_212;
const REQUEST_TIMEOUT_MS = 10_000;
const API_BUDGET_MS = 14_000;
const PAGE_BUDGET_MS = 10_000;

let host: Host;
let database: DbHandle;
let dataDir: string;
let invoiceHash = "";
const endpoints: Endpoint[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-fuzz-"));
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" });
  database = await createTestDb();
  host = await buildHost({ env, logger: false, database });
  const [invoice] = await database.db.select({ linkToken: invoices.linkToken }).from(invoices).limit(1);
  invoiceHash = invoice?.linkToken ?? "";
  endpoints.push(...(await contractEndpoints()));
}, 120_000);

afterAll(async () => {
  await host?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The keys a zod object schema names (none for other schemas). */
function keysOf(schema: Endpoint["query"]): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"] as const;

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
const pathValue = fc.oneof(
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
interface FuzzRequest {
  options: InjectOptions;
  gzip: boolean;
}

function request(
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

const STACK_TRACE = /\n\s+at .+:\d+:\d+|node:internal|file:\/\/\/|\.tsx?:\d+:\d+/;

/**
 * The answer's body as text, decompressed when the server compressed it. A HEAD answer has
 * the GET's headers (its `Content-Encoding` too) and no body.
 */
function bodyText(raw: Buffer, encoding: unknown): string {
  if (raw.length === 0) return "";
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  return raw.toString("utf8");
}

/**
 * Sends one request and checks the answer against the rules; throws with the
 * request when one fails. An answer under `/api/v1/` (after the URL's dot segments are
 * resolved, as the server sees it) must be the API's envelope.
 */
async function check(fuzzed: FuzzRequest): Promise<void> {
  const options = { ...fuzzed.options, url: String(fuzzed.options.url).replace("INVOICE", invoiceHash) };
  const api = new URL(options.url, "http://host").pathname.startsWith("/api/v1/");
  let timer: NodeJS.Timeout | undefined;
  const response = await Promise.race([
    host.app.inject(options),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const text = bodyText(response.rawPayload, response.headers["content-encoding"]);
  const what = `${options.method} ${options.url} → ${response.statusCode}: ${text.slice(0, 300)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  expect(STACK_TRACE.test(text), what).toBe(false);
  const type = String(response.headers["content-type"] ?? "");
  if (api && response.statusCode >= 400 && options.method !== "HEAD") {
    expect(type, what).toContain("application/json");
    expect(JSON.parse(text), what).toMatchObject({
      success: false,
      statusCode: response.statusCode,
      message: expect.any(String),
    });
  }
}

const runOptions = (budgetMs: number) => ({
  seed: SEED,
  numRuns: 1_000_000,
  interruptAfterTimeLimit: budgetMs,
  markInterruptAsFailure: false,
  endOnFailure: true,
});

test("slow: every contract endpoint answers any request with a success or a 4xx envelope, never a 5xx, stack or hang", async () => {
  expect(endpoints.length).toBeGreaterThanOrEqual(18);
  const apiRequest = fc.constantFrom(...endpoints).chain((endpoint) =>
    request(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(endpoint.method) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      fc.array(pathValue, { minLength: 3, maxLength: 3 }).map((values) => {
        let i = 0;
        return `/api/v1${endpoint.path.replace(/:[A-Za-z]+/g, () => values[i++] ?? "")}`;
      }),
      { query: keysOf(endpoint.query), body: keysOf(endpoint.body) },
    ),
  );
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(apiRequest, async (fuzzed) => {
      runs++;
      await check(fuzzed);
    }),
    runOptions(API_BUDGET_MS),
  );
  expect(runs).toBeGreaterThan(100);
}, 60_000);

/** Pages that take a form or a JSON post, and pages whose URL carries input. */
const PAGES = [
  "/contact-us",
  "/delete-account",
  "/invoice/INVOICE/payment",
  "/invoice/INVOICE",
  "/invoice/INVOICE/pdf",
  "/Khayl-App",
  "/no-such-page",
  "/blogs/1",
  "/flights",
  "/transport",
];

test("slow: every page form answers any request with a success, a redirect or a 4xx, never a 5xx, stack or hang", async () => {
  const pageRequest = request(
    fc.oneof({ weight: 3, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...PAGES) },
      { weight: 1, arbitrary: pathValue.map((hash) => `/invoice/${hash}/payment`) },
      { weight: 1, arbitrary: pathValue.map((id) => `/blogs/${id}`) },
    ),
    {
      query: ["step", "method", "type", "discipline", "show", "index", "_data"],
      body: [
        "intent",
        "email",
        "otpCode",
        "otp0",
        "fullName",
        "phone",
        "subject",
        "division",
        "supportInquiry",
        "paymentMethod",
        "paymentIntentId",
        "website",
      ],
    },
  );
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(pageRequest, async (fuzzed) => {
      runs++;
      await check(fuzzed);
    }),
    runOptions(PAGE_BUDGET_MS),
  );
  expect(runs).toBeGreaterThan(50);
}, 60_000);
