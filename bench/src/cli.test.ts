import { describe, expect, test } from "vitest";
import { isFullRun, parseCli, phases } from "./cli.ts";

describe("parseCli", () => {
  test("no option: a full run of every phase, 3 Lighthouse runs, building first", () => {
    const options = parseCli([]);
    expect(options).toMatchObject({ quick: false, build: true, routes: null, runs: 3, help: false });
    expect([...options.only]).toEqual([...phases]);
    expect(isFullRun(options)).toBe(true);
  });

  test("a full run measures Lighthouse at 4× and then 8×; --cpu-slowdown N only that one, not a full run", () => {
    expect(parseCli([]).cpuSlowdowns).toEqual([4, 8]);
    const options = parseCli(["--cpu-slowdown", "8"]);
    expect(options.cpuSlowdowns).toEqual([8]);
    expect(isFullRun(options)).toBe(false);
    expect(parseCli(["--cpu-slowdown", "8, 4,8"]).cpuSlowdowns).toEqual([8, 4]);
    expect(isFullRun(parseCli(["--cpu-slowdown", "8,4"]))).toBe(false);
    expect(isFullRun(parseCli(["--cpu-slowdown", "4,8"]))).toBe(true);
    expect(() => parseCli(["--cpu-slowdown", "0"])).toThrow(/1 to 20/);
    expect(() => parseCli(["--cpu-slowdown", "fast"])).toThrow(/1 to 20/);
    expect(() => parseCli(["--cpu-slowdown", "4,"])).toThrow(/1 to 20/);
  });

  test("--quick: one Lighthouse run at 4× only, not a full run; --cpu-slowdown adds 8× back", () => {
    const options = parseCli(["--quick"]);
    expect(options.runs).toBe(1);
    expect(options.cpuSlowdowns).toEqual([4]);
    expect(isFullRun(options)).toBe(false);
    expect(parseCli(["--quick", "--cpu-slowdown", "4,8"]).cpuSlowdowns).toEqual([4, 8]);
  });

  test("--routes, --only, --runs and --no-build make a partial run", () => {
    const options = parseCli([
      "--routes",
      "/, /blogs/{id}",
      "--only",
      "lighthouse,weight",
      "--runs",
      "5",
      "--no-build",
    ]);
    expect(options.routes).toEqual(["/", "/blogs/{id}"]);
    expect([...options.only]).toEqual(["lighthouse", "weight"]);
    expect(options.runs).toBe(5);
    expect(options.build).toBe(false);
    expect(options.cpuSlowdowns).toEqual([4, 8]);
    expect(isFullRun(options)).toBe(false);
  });

  test("rejects unknown options, phases and run counts", () => {
    expect(() => parseCli(["--fast"])).toThrow();
    expect(() => parseCli(["--only", "lighthouse,speed"])).toThrow('Unknown phase "speed"');
    expect(() => parseCli(["--runs", "0"])).toThrow("--runs must be 1 to 9");
  });
});
