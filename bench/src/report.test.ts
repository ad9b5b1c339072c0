import { describe, expect, test } from "vitest";
import { renderMarkdown } from "./report.ts";
import { table } from "./report-format.ts";
import { budgets, lighthouse, results, routeResult, run } from "./report-testing.ts";

describe("table", () => {
  test("renders a header, an alignment row and escaped cells", () => {
    expect(table(["Route", "JS"], [["`/a|b`", "1.0"]], ["l", "r"])).toBe(
      "| Route | JS |\n| --- | ---: |\n| `/a\\|b` | 1.0 |",
    );
  });
});

describe("renderMarkdown", () => {
  const markdown = renderMarkdown(results(), budgets);
  const [before8x = "", at8x = ""] = markdown.split("## Pages: Lighthouse mobile at 8×");

  test("starts with the date, duration, machine, commit and the benchmarkIndex of each slowdown", () => {
    expect(markdown).toContain("# Benchmark results");
    expect(markdown).toContain("2026-11-23 12:00:00 UTC · took 8 min 32 s · commit `ba40dc58ac`");
    expect(markdown).toContain("AMD EPYC, 2 cores, 23.5 GB RAM");
    expect(markdown).toContain("Chromium 156.0.8078.79 · Lighthouse 13.5.0");
    expect(markdown).toContain(
      "Lighthouse CPU benchmarkIndex 3779 (median of its runs: 3790 at 4×, 3760 at 8×; from 3700 to 3850).",
    );
    expect(markdown).not.toContain("was not steady");
  });

  test("says when the host's speed moved by more than a quarter between runs", () => {
    const unsteady = results();
    unsteady.machine.benchmarkIndexRange = [1126, 2540];
    expect(renderMarkdown(unsteady, budgets)).toContain(
      "from 1126 to 2540). The host's speed was not steady (its fastest run measured it more than a quarter " +
        "faster than its slowest)",
    );
    unsteady.machine.benchmarkIndexRange = [3000, 3750];
    expect(renderMarkdown(unsteady, budgets)).not.toContain("was not steady");
  });

  test("lists the budgets missed, naming the slowdown, one row per budget and limit", () => {
    expect(markdown).toContain("5 budgets missed");
    expect(markdown).toContain("| Budget | Limit | Missed on |");
    expect(markdown).toContain("| Lighthouse performance at 4× | 100 | 1: `/` 97 |");
    expect(markdown).toContain("| Lighthouse performance at 8× | 100 | 1: `/` 97 |");
    expect(markdown).toContain("| Lighthouse performance at 8× | ≥ 95 | 1: `/contact-us` 94 |");
    expect(markdown).toContain("| Lighthouse TBT at 8× | ≤ 10 ms | 1: `/flights` 11 ms |");
    expect(markdown).toContain("| render with 1000 rows | < 50 ms | 1: `/flights` 181.6 ms |");
    expect(markdown).toContain("Interactive routes (`interactiveRoutes`): `/contact-us`, `/ar/contact-us`;");
  });

  test("one Lighthouse table per slowdown, its benchmarkIndex in the heading, ✗ by the route's kind", () => {
    expect(before8x).toContain("## Pages: Lighthouse mobile at 4× CPU slowdown, median of 3 (benchmarkIndex 3790)");
    expect(before8x).toContain(
      "Budgets at 4× (medians): content routes performance 100, accessibility 100, best practices 100, SEO 100, " +
        "TBT ≤ 10 ms, CLS 0; interactive routes performance 100,",
    );
    expect(before8x).toContain("| `/` | 97 ✗ | 100 | 100 | 92 ✗ | 2161 ms | 23 ms ✗ | 0.000 | 162.0 |");
    expect(before8x).toContain("| `/flights` | 100 | 100 | 100 | 100 | 2161 ms | 0 ms | 0.000 | 162.0 |");
    expect(before8x).toContain("| `/contact-us` | 100 | 100 | 100 | 100 | 2161 ms | 23 ms | 0.000 | 162.0 |");
    expect(at8x).toMatch(/^ CPU slowdown, median of 3 \(benchmarkIndex 3760\)\n/);
    expect(at8x).toContain("interactive routes performance ≥ 95, accessibility 100");
    expect(at8x).toContain("| Route | Perf | A11y | BP | SEO | LCP | TBT | CLS | Transfer KB |");
    expect(at8x).toContain("| `/flights` | 100 | 100 | 100 | 100 | 2161 ms | 11 ms ✗ | 0.000 | 162.0 |");
    expect(at8x).toContain("| `/contact-us` | 94 ✗ | 100 | 100 | 100 | 2161 ms | 300 ms | 0.000 | 162.0 |");
    expect(at8x).toContain("| `/ar/contact-us` | 96 | 100 | 100 | 100 | 2161 ms | 120 ms | 0.000 | 162.0 |");
  });

  test("under each slowdown's table, the floor's median TBT and performance, never judged", () => {
    const line = (tbt: number) =>
      "Floor: an HTML page with one heading and one paragraph, no CSS and no script, served by a bare server on " +
      `this host: TBT ${tbt} ms, performance 100 (median of 3).`;
    expect(before8x).toContain(
      `| \`/ar/contact-us\` | 100 | 100 | 100 | 100 | 2161 ms | 0 ms | 0.000 | 162.0 |\n\n${line(0)}\n`,
    );
    expect(at8x).toContain(
      `| \`/ar/contact-us\` | 96 | 100 | 100 | 100 | 2161 ms | 120 ms | 0.000 | 162.0 |\n\n${line(90)}\n`,
    );
    expect(renderMarkdown(results({ floor: undefined }), budgets)).not.toContain("Floor:");
  });

  test("marks JS over the route's kind's limit in the weight table", () => {
    expect(markdown).toContain("what the budgets count, 5 KB on a content route and 125 KB on an interactive one");
    expect(markdown).toContain("| `/` | 417.1 | 134.6 ✗ | 0.52 | 120.1 | 14.5 | 6.6 | 45.0 | 9.0 | 0 |");
    expect(markdown).toContain("| `/contact-us` | 417.1 | 134.6 ✗ |");
  });

  test("shows cold, cached and bare throughput with the cached/bare ratio, scale rows, baseline and findings", () => {
    expect(markdown).toContain(
      "| `/` | 150 | 60 ms | 1200 | 8 ms | 20 ms | 3000 (2 non-2xx) | 3 ms | 0.40 ✗ | 8.0× | 8.4 br |",
    );
    expect(markdown).toContain(
      "| `/flights` | 1000 | 1000 | 1000 | 181.6 ms ✗ | 264.6 ms | 60.2 ms | 1360.0 | 600.0 | 55.3 |",
    );
    expect(markdown).toContain("**258.5 KB gzip**");
    expect(markdown).toContain(
      "| SEO | Document does not have a meta description (`meta-description`) | 4×, 8× | `/` |  |",
    );
    expect(markdown).toContain("Performance points each metric costs at 4×");
    expect(markdown.split("Performance points each metric costs at 8×")[1]).toContain("| `/contact-us` | 94 | −2.1 |");
  });

  test("notes what was skipped and why", () => {
    expect(markdown).toContain("- `/blogs/{id}` skipped: GET /api/v1/blog/getWebsiteBlogs answers 404");
    expect(markdown).toContain("- Throughput `/blogs/{id}` skipped: not merged");
  });

  test("says so when every budget holds", () => {
    expect(renderMarkdown(results({ misses: [] }), budgets)).toContain("Every budget holds");
  });

  test("a slowdown without budgets is shown and said to be not judged", () => {
    const at6 = routeResult("/", run(50, 100, 900));
    at6.lighthouse = { "6": lighthouse(run(50, 100, 900)) };
    const markdown6 = renderMarkdown(results({ routes: [at6] }), budgets);
    expect(markdown6).toContain("## Pages: Lighthouse mobile at 6× CPU slowdown, median of 3\n");
    expect(markdown6).toContain("`bench/budgets.json` has no budgets at 6×: measured, not judged.");
    expect(markdown6).toContain("| `/` | 50 | 100 | 100 | 100 | 2161 ms | 900 ms | 0.000 | 162.0 |");
  });
});
