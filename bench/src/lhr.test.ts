import type { Result } from "lighthouse";
import { describe, expect, test } from "vitest";
import { benchmarkIndexOf, failedAudits, lcpElement, metricLoss, runProblem, summarise } from "./lhr.ts";

type Audit = Partial<Result["audits"][string]> & { id: string };

/** A Lighthouse result with only the fields the bench reads (the real one has hundreds). */
function lhr(
  audits: Audit[],
  scores: Record<string, number | null>,
  refs: Record<string, { id: string; weight: number; group?: string }[]>,
  extra: Partial<Result> = {},
): Result {
  const fake = {
    audits: Object.fromEntries(audits.map((a) => [a.id, { title: a.id, scoreDisplayMode: "binary", score: 1, ...a }])),
    categories: Object.fromEntries(
      Object.entries(scores).map(([id, score]) => [id, { id, score, auditRefs: refs[id] ?? [] }]),
    ),
    runWarnings: [],
    ...extra,
  };
  // The fake holds only what the functions under test read; the full type has hundreds of fields.
  return fake as unknown as Result;
}

const sample = lhr(
  [
    {
      id: "first-contentful-paint",
      scoreDisplayMode: "numeric",
      score: 0.79,
      numericValue: 2050,
      displayValue: "2.1 s",
    },
    { id: "largest-contentful-paint", scoreDisplayMode: "numeric", score: 0.95, numericValue: 2161.4 },
    { id: "total-blocking-time", scoreDisplayMode: "numeric", score: 1, numericValue: 23 },
    { id: "cumulative-layout-shift", scoreDisplayMode: "numeric", score: 1, numericValue: 0 },
    { id: "total-byte-weight", scoreDisplayMode: "informative", score: null, numericValue: 162_020 },
    {
      id: "render-blocking-insight",
      title: "Render-blocking requests",
      scoreDisplayMode: "metricSavings",
      score: 0.5,
      details: {
        type: "table",
        headings: [],
        items: [{ url: "http://127.0.0.1:3300/assets/root.css", totalBytes: 6625, wastedMs: 174 }],
      } as never,
    },
    {
      id: "lcp-breakdown-insight",
      scoreDisplayMode: "informative",
      score: 1,
      details: {
        type: "list",
        items: [{ type: "node", selector: "main > img", snippet: '<img src="/images/hero-truck.svg">' }],
      } as never,
    },
    { id: "meta-description", title: "Document does not have a meta description", score: 0 },
    { id: "color-contrast", score: 1 },
    { id: "manual-check", scoreDisplayMode: "manual", score: 0 },
  ],
  { performance: 0.96, accessibility: 1, "best-practices": 1, seo: 0.92 },
  {
    performance: [
      { id: "first-contentful-paint", weight: 10, group: "metrics" },
      { id: "largest-contentful-paint", weight: 25, group: "metrics" },
      { id: "total-blocking-time", weight: 30, group: "metrics" },
      { id: "render-blocking-insight", weight: 0 },
    ],
    accessibility: [
      { id: "color-contrast", weight: 7 },
      { id: "manual-check", weight: 0 },
    ],
    seo: [{ id: "meta-description", weight: 1 }],
  },
);

describe("summarise", () => {
  test("scores 0–100 and the table's metrics", () => {
    expect(summarise(sample)).toEqual({
      performance: 96,
      accessibility: 100,
      bestPractices: 100,
      seo: 92,
      fcpMs: 2050,
      lcpMs: 2161.4,
      tbtMs: 23,
      cls: 0,
      transferBytes: 162_020,
    });
  });
});

describe("benchmarkIndexOf", () => {
  test("the host's CPU benchmark, rounded; null when the run has none", () => {
    const withIndex = { ...sample, environment: { ...sample.environment, benchmarkIndex: 2712.4 } } as Result;
    expect(benchmarkIndexOf(withIndex)).toBe(2712);
    expect(benchmarkIndexOf({ ...sample, environment: undefined } as unknown as Result)).toBeNull();
  });
});

describe("failedAudits", () => {
  test("lists scored audits under 1 with a few items, leaving out metrics, passes and manual checks", () => {
    expect(failedAudits(sample)).toEqual([
      {
        id: "render-blocking-insight",
        category: "performance",
        title: "Render-blocking requests",
        score: 50,
        items: ["/assets/root.css · wastedMs 174 · totalBytes 6625"],
      },
      { id: "meta-description", category: "SEO", title: "Document does not have a meta description", score: 0 },
    ]);
  });
});

test("metricLoss gives the points each metric costs", () => {
  expect(metricLoss(sample)).toEqual({ "first-contentful-paint": 2.1, "largest-contentful-paint": 1.3 });
});

test("lcpElement finds the node of the LCP breakdown", () => {
  expect(lcpElement(sample)).toBe('main > img — <img src="/images/hero-truck.svg">');
});

describe("runProblem", () => {
  test("null for a run with every score", () => {
    expect(runProblem(sample)).toBeNull();
  });
  test("names a runtime error", () => {
    const failed = lhr([], { performance: null }, {}, {
      runtimeError: { code: "ERRORED_DOCUMENT_REQUEST", message: "Status code: 502" },
    } as Partial<Result>);
    expect(runProblem(failed)).toBe("ERRORED_DOCUMENT_REQUEST: Status code: 502");
  });
  test("names the errored audit behind a missing category score", () => {
    const noLcp = lhr(
      [{ id: "largest-contentful-paint", scoreDisplayMode: "error", score: null, errorMessage: "NO_LCP" }],
      { performance: null },
      { performance: [{ id: "largest-contentful-paint", weight: 25, group: "metrics" }] },
    );
    expect(runProblem(noLcp)).toBe("performance has no score: largest-contentful-paint NO_LCP");
  });
});
