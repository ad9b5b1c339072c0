import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parseEnv } from "@khayl/config/env";
import type { Endpoint } from "@khayl/contract/endpoint";
import { contractEndpoints } from "@khayl/contract/testing";
import type { DbHandle } from "@khayl/db/client";
import { createTestDb } from "@khayl/db/testing";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FuzzRequest, keysOf, METHODS, pathValue, request } from "./fuzz-requests.ts";
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
  invoiceHash = host.seeded?.invoiceLinks[0]?.hash ?? "";
  endpoints.push(...(await contractEndpoints()));
}, 120_000);

afterAll(async () => {
  await host?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

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
