import { describe, expect, test } from "vitest";
import { renderMarkdown } from "./report.ts";
import { budgets, results } from "./report-testing.ts";
import type { BenchResults } from "./types.ts";

describe("renderMarkdown's header says what was run", () => {
  const header = (overrides: Partial<BenchResults>) =>
    renderMarkdown(results(overrides), budgets).split("\n## ")[0] ?? "";

  test("a full run is called one, with every phase and route, 3 runs per page at 4× and 8× slowdown", () => {
    const markdown = header({});
    expect(markdown).toContain("Full run of `npm run bench` · 2026-11-23 12:00:00 UTC");
    expect(markdown).toContain(
      "Measured: phases lighthouse, weight, scale, throughput; every product §2 route; " +
        "Lighthouse 3 runs per page at each of 4× and 8× CPU slowdown.",
    );
    expect(markdown).not.toContain("not a full run");
  });

  test("a run of some phases, routes, runs or one slowdown is not called full", () => {
    const markdown = header({
      scope: {
        full: false,
        arguments: ["--only", "lighthouse", "--routes", "/,/flights", "--runs", "1", "--cpu-slowdown", "8"],
        phases: ["lighthouse"],
        routes: ["/", "/flights"],
      },
      settings: { ...results().settings, lighthouseRuns: 1, cpuSlowdowns: [8] },
    });
    expect(markdown).not.toContain("Full run");
    expect(markdown).toContain(
      "Partial run of `npm run bench -- --only lighthouse --routes /,/flights --runs 1 --cpu-slowdown 8` " +
        "(not a full run) · 2026-11-23 12:00:00 UTC",
    );
    expect(markdown).toContain(
      "Measured: phases lighthouse; routes `/`, `/flights`; Lighthouse 1 run per page at 8× CPU slowdown.",
    );
  });

  test("a quick run says so, and a run without Lighthouse says it had none", () => {
    const quick = header({
      mode: "quick",
      scope: { full: false, arguments: ["--quick"], phases: ["weight", "scale"], routes: ["/"] },
    });
    expect(quick).toContain("Quick run of `npm run bench -- --quick` (not a full run)");
    expect(quick).toContain("Measured: phases weight, scale; routes `/`; no Lighthouse.");
  });
  test("a run on another Node.js major than .nvmrc's says its server figures are not the product's", () => {
    const machine = { ...results().machine, node: "v20.20.2", productNode: "24" };
    expect(header({ machine })).toContain(
      "Node v20.20.2 is not the product's runtime (`.nvmrc`: 24): the server was measured on it, " +
        "and its throughput reads lower there than on the product's.",
    );
    expect(header({})).toContain("Node v24.21.0 ·");
    expect(header({})).not.toContain("not the product's runtime");
    const unknown = { ...results().machine, node: "v20.20.2", productNode: undefined };
    expect(header({ machine: unknown })).not.toContain("not the product's runtime");
  });
});
