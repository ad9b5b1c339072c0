import { describe, expect, test } from "vitest";
import { floorPage, floorResult } from "./floor.ts";
import { renderMarkdown } from "./report.ts";
import { floorLine } from "./report-pages.ts";
import { budgets, floor, lighthouse, results, run } from "./report-testing.ts";
import type { BenchResults } from "./types.ts";

describe("floorPage", () => {
  const html = floorPage();
  const count = (pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;

  test("is a whole document with what every Lighthouse category asks of a page", () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html.trimEnd().endsWith("</body>\n</html>")).toBe(true);
  });

  test("has one main, one heading and one paragraph, and no CSS, script or image", () => {
    expect(html).toMatch(/<body>\n<main>\n<h1>[^<]+<\/h1>\n<p>[^<]+<\/p>\n<\/main>\n<\/body>/);
    expect([count(/<main>/), count(/<h1>/), count(/<p>/)]).toEqual([1, 1, 1]);
    expect(html).not.toMatch(/<(script|style|img|svg|iframe)\b|stylesheet|style=/i);
  });
  // Its validity (the Nu HTML Checker: no error, no warning) is checked with the site's pages,
  // in one Java start: apps/server/src/pages.api.test.ts.
});

describe("the floor's results", () => {
  test("are the Lighthouse result of its runs with the median of their benchmarkIndex", () => {
    const result = { ...lighthouse(run(100, 100, 40)), benchmarkIndexes: [1210, 3700, 1590] };
    expect(floorResult(result)).toEqual({ ...result, benchmarkIndex: 1590 });
    expect(floorResult({ ...result, benchmarkIndexes: [1001, 1002] }).benchmarkIndex).toBe(1002);
    expect(floorResult({ ...result, benchmarkIndexes: [] }).benchmarkIndex).toBeNull();
  });

  test("are keyed by slowdown in the results JSON, with TBT, performance, FCP and LCP medians", () => {
    const json = JSON.parse(JSON.stringify(results())) as BenchResults;
    expect(json.schema).toBe(3);
    expect(Object.keys(json.floor ?? {})).toEqual(["4", "8"]);
    expect(json.floor?.["8"]).toMatchObject({
      median: { performance: 100, tbtMs: 90, fcpMs: 1200.5, lcpMs: 2161.4 },
      benchmarkIndex: 1600,
      benchmarkIndexes: [1500, 1600, 1700],
    });
    expect(json.floor?.["8"]?.runs).toHaveLength(3);
  });
});

describe("floorLine", () => {
  test("names the page, its median TBT and performance and the runs, with no budget mark", () => {
    expect(floorLine(floor(90))).toBe(
      "Floor: an HTML page with one heading and one paragraph, no CSS and no script, served by a bare server on " +
        "this host: TBT 90 ms, performance 100 (median of 3).",
    );
  });

  test("shows a missing value as –", () => {
    const missing = { ...floor(0), median: { ...run(100), performance: null, tbtMs: null } };
    expect(floorLine(missing)).toContain("TBT –, performance – (median of 3).");
  });

  test("is not judged: a floor over every content budget is shown as it is, with no ✗", () => {
    const slow = { ...floor(900), median: { ...run(40, 100, 900), cls: 0.5 } };
    const markdown = renderMarkdown(results({ floor: { "8": slow } }), budgets);
    expect(markdown).toContain("this host: TBT 900 ms, performance 40 (median of 3).\n");
  });
});
