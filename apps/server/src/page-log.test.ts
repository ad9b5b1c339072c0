import type { OutageLog } from "@khayl/api/http/outage-log";
import { expect, test } from "vitest";
import { isApiOutage, pageLog } from "./page-log.ts";

/** The contract client's error as a loader catches it (`ApiError`, by shape). */
const apiError = (statusCode: number) =>
  Object.assign(new Error("Service temporarily unavailable"), { name: "ApiError", statusCode });

test("a page's warning about an API that is away goes to the outage log; every other line is logged as before", () => {
  const logged: [string, object, string][] = [];
  const log = {
    warn: (obj: object, msg: string) => logged.push(["warn", obj, msg]),
    error: (obj: object, msg: string) => logged.push(["error", obj, msg]),
  };
  const outage: [unknown, string][] = [];
  const outageLog: OutageLog = { failed: (_log, error, msg) => outage.push([error, msg]), close: () => undefined };
  const pages = pageLog(log, outageLog);

  for (const status of [0, 502, 503, 504]) pages.warn({ err: apiError(status) }, "show failed to load");
  expect(outage.map(([error]) => (error as { statusCode: number }).statusCode)).toEqual([0, 502, 503, 504]);
  expect(logged).toEqual([]);

  const serverError = apiError(500);
  const plain = new Error("boom");
  pages.warn({ err: serverError }, "blog failed to load");
  pages.warn({ err: plain }, "blog failed to load");
  pages.warn({ status: 503 }, "invoice lookup failed");
  pages.error({ status: 503, intent: "pay" }, "payment step failed");
  expect(logged).toEqual([
    ["warn", { err: serverError }, "blog failed to load"],
    ["warn", { err: plain }, "blog failed to load"],
    ["warn", { status: 503 }, "invoice lookup failed"],
    ["error", { status: 503, intent: "pay" }, "payment step failed"],
  ]);
  expect(isApiOutage(Object.assign(new Error("x"), { statusCode: 503 }))).toBe(false);
});
